"""Model solutions of the lesson exercises (read them after trying!)."""
