// Gives the sliders of the stepper this sits in their descriptions as accessible names.
// ipywidgets draws a slider's description ("step") as a <label> that is tied to nothing,
// and the slider itself as a <div role="slider"> handle without a name, so a screen
// reader said only "slider, 3". Each handle of a .gamelib-step-slider gets
// aria-labelledby pointing at its own label, again whenever the slider is redrawn.

let labels = 0;

function name(root) {
  for (const slider of root.querySelectorAll(".gamelib-step-slider")) {
    const label = slider.querySelector(".widget-label");
    if (!label) continue;
    if (!label.id) label.id = `gamelib-slider-label-${++labels}`;
    for (const handle of slider.querySelectorAll("[role='slider']")) {
      if (handle.getAttribute("aria-labelledby") !== label.id) {
        handle.setAttribute("aria-labelledby", label.id);
      }
    }
  }
}

function render({ el }) {
  let observer = null;
  let tries = 0;
  // The helper may be drawn before it is attached to the page: look for its stepper
  // until it is there (for ten seconds at most).
  const attach = () => {
    const root = el.closest(".gamelib-stepper");
    if (!root) {
      if (tries++ < 200) setTimeout(attach, 50);
      return;
    }
    name(root);
    observer = new MutationObserver(() => name(root));
    observer.observe(root, { childList: true, subtree: true });
  };
  attach();
  return () => { if (observer) observer.disconnect(); };
}

export default { render };
