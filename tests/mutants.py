"""Automatic mutants of a model solution: each one small change to its syntax tree (a
comparison flipped or made strict, min and max or alpha and beta swapped, `+=` made `=`,
a constant or an initial value changed, a statement dropped, depth off by one, the
players swapped, ...), for testing that the exercise checks reject every mutant that
behaves differently from the model."""

from __future__ import annotations

import ast
import copy
from dataclasses import dataclass
from typing import Any, Callable, Iterator

COMPARE = {ast.Gt: (ast.GtE, ast.Lt), ast.GtE: (ast.Gt, ast.LtE), ast.Lt: (ast.LtE, ast.Gt),
           ast.LtE: (ast.Lt, ast.GtE), ast.Eq: (ast.NotEq,), ast.NotEq: (ast.Eq,),
           ast.Is: (ast.IsNot,), ast.IsNot: (ast.Is,)}
ARITHMETIC = {ast.Sub: (ast.Add,), ast.Add: (ast.Sub,), ast.Div: (ast.FloorDiv, ast.Mult),
              ast.Mult: (ast.Div,)}
SWAPS = {"min": "max", "max": "min", "alpha": "beta", "beta": "alpha",
         "min_value": "max_value", "max_value": "min_value"}


@dataclass
class Mutant:
    """One mutant: what was changed, at which line, and its source."""

    what: str
    line: int
    source: str

    def load(self, name: str) -> Callable:
        """The mutated function `name`."""
        namespace: dict[str, Any] = {"__name__": "mutant"}
        exec(compile(self.source, f"<mutant: {self.what}>", "exec"), namespace)
        return namespace[name]


def _changes(node: ast.AST) -> Iterator[tuple[str, Callable[[ast.AST], ast.AST]]]:
    """Every single change that applies to `node`: (description, change)."""
    if isinstance(node, ast.Compare) and len(node.ops) == 1:
        for new in COMPARE.get(type(node.ops[0]), ()):
            old = type(node.ops[0]).__name__
            yield f"{old} -> {new.__name__}", lambda n, new=new: _set(n, ops=[new()])
    if isinstance(node, ast.BinOp):
        for new in ARITHMETIC.get(type(node.op), ()):
            yield (f"{type(node.op).__name__} -> {new.__name__}",
                   lambda n, new=new: _set(n, op=new()))
    if isinstance(node, ast.Name) and node.id in SWAPS:
        yield f"{node.id} -> {SWAPS[node.id]}", lambda n: _set(n, id=SWAPS[n.id])
    if isinstance(node, ast.AugAssign):
        yield "+= -> =", lambda n: ast.Assign(targets=[n.target], value=n.value,
                                               lineno=n.lineno)
        if isinstance(node.op, ast.Add):
            yield "+= -> -=", lambda n: _set(n, op=ast.Sub())
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) \
            and not isinstance(node.value, bool):
        for value in dict.fromkeys((0, 1, node.value + 1, -node.value)):
            if value != node.value:
                yield f"{node.value!r} -> {value!r}", lambda n, v=value: _set(n, value=v)
    if isinstance(node, ast.Constant) and node.value in ("X", "O"):
        other = "O" if node.value == "X" else "X"
        yield f"{node.value!r} -> {other!r}", lambda n, o=other: _set(n, value=o)
    if isinstance(node, ast.Attribute) and node.attr == "inf":
        yield "inf -> 0", lambda n: ast.Constant(0)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.Not)):
        yield f"{type(node.op).__name__} dropped", lambda n: n.operand
    if isinstance(node, ast.BoolOp):
        new = ast.Or if isinstance(node.op, ast.And) else ast.And
        yield f"{type(node.op).__name__} -> {new.__name__}", lambda n, new=new: _set(n, op=new())
    if isinstance(node, ast.Tuple) and len(node.elts) == 2 and isinstance(node.ctx, ast.Load):
        yield "pair swapped", lambda n: _set(n, elts=list(reversed(n.elts)))
    for field in ("body", "orelse"):
        body = getattr(node, field, None)
        if isinstance(body, list) and not isinstance(node, ast.Module):
            for i, statement in enumerate(body):
                if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                    continue                                      # a docstring
                yield (f"statement at line {statement.lineno} dropped",
                       lambda n, i=i, field=field: _drop(n, field, i))


def _set(node: ast.AST, **fields: Any) -> ast.AST:
    """`node` with some fields replaced."""
    for name, value in fields.items():
        setattr(node, name, value)
    return node


def _drop(node: ast.AST, field: str, i: int) -> ast.AST:
    """`node` with statement `i` of its `field` replaced by `pass`."""
    body = getattr(node, field)
    body[i] = ast.Pass(lineno=body[i].lineno)
    return node


def function_source(module: Any, name: str) -> str:
    """The module's imports, constants and the one function `name`, as source."""
    import inspect
    tree = ast.parse(inspect.getsource(module))
    kept = [node for node in tree.body
            if isinstance(node, (ast.Import, ast.ImportFrom, ast.Assign))
            or (isinstance(node, ast.FunctionDef) and node.name == name)]
    return ast.unparse(ast.Module(body=kept, type_ignores=[]))


def mutants(source: str) -> list[Mutant]:
    """Every single-change mutant of `source` (one per change and place)."""
    tree = ast.parse(source)
    found = []
    for index, node in enumerate(ast.walk(tree)):
        for what, change in _changes(node):
            copied = copy.deepcopy(tree)
            target = list(ast.walk(copied))[index]
            replaced = change(target)
            if replaced is not target:
                _replace(copied, target, replaced)
            try:
                text = ast.unparse(ast.fix_missing_locations(copied))
                compile(text, "<mutant>", "exec")
            except (SyntaxError, ValueError, TypeError):
                continue
            found.append(Mutant(what, getattr(node, "lineno", 0), text))
    unique = {m.source: m for m in reversed(found)}
    return [m for m in found if unique[m.source] is m and m.source != ast.unparse(tree)]


def _replace(tree: ast.AST, old: ast.AST, new: ast.AST) -> None:
    """Put `new` where `old` is in `tree`."""
    for parent in ast.walk(tree):
        for name, value in ast.iter_fields(parent):
            if value is old:
                setattr(parent, name, new)
            elif isinstance(value, list):
                for i, item in enumerate(value):
                    if item is old:
                        value[i] = new
