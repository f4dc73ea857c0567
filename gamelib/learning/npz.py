"""Reading numpy's .npz files in plain Python, for where numpy is missing (the browser
course), so the shipped network loads there too.

An .npz file is a zip archive of .npy files, one per array. An .npy file is a short
header (the magic bytes, a version, then a Python dict literal saying the element type,
the memory order and the shape) followed by the elements' raw bytes, row by row.
Only what `NTupleNetwork.save` writes is read: little-endian integers and floats, and
text.
"""

from __future__ import annotations

import ast
import struct
import sys
import zipfile
from array import array
from pathlib import Path
from typing import Any

MAGIC = b"\x93NUMPY"
TYPECODES = {"<i8": "q", "<f4": "f", "<f8": "d"}
"""numpy's element types (little-endian) and the `array` module's codes for them."""


def read_npz(path: str | Path) -> dict[str, Any]:
    """Every array in the .npz file `path`, by name: a 0-d array as its number or text,
    others as nested lists whose innermost level is an `array`."""
    try:
        with zipfile.ZipFile(path) as archive:
            return {name.removesuffix(".npy"): read_npy(archive.read(name))
                    for name in archive.namelist()}
    except zipfile.BadZipFile as error:
        raise ValueError(str(error)) from None


def read_npy(data: bytes) -> Any:
    """The array stored in the bytes of one .npy file."""
    if not data.startswith(MAGIC):
        raise ValueError("an array in it is not in numpy's .npy format")
    size_format = "<H" if data[6] == 1 else "<I"
    start = 8 + struct.calcsize(size_format)
    (header_size,) = struct.unpack_from(size_format, data, 8)
    header = ast.literal_eval(data[start:start + header_size].decode("latin-1"))
    body = data[start + header_size:]
    if header["fortran_order"]:
        raise ValueError("arrays stored column by column are not read here")
    kind, shape = header["descr"], tuple(header["shape"])
    if kind.startswith("<U"):
        return body.decode("utf-32-le").rstrip("\0")
    if kind not in TYPECODES:
        raise ValueError(f"element type {kind} is not read here (only {', '.join(TYPECODES)})")
    numbers = array(TYPECODES[kind])
    numbers.frombytes(body)
    if sys.byteorder == "big":
        numbers.byteswap()
    return numbers[0] if shape == () else nest(numbers, shape)


def nest(numbers: array, shape: tuple[int, ...]) -> Any:
    """`numbers` cut into nested lists of the given shape (the last level stays an array)."""
    if len(shape) == 1:
        return numbers
    step = len(numbers) // shape[0]
    return [nest(numbers[i * step:(i + 1) * step], shape[1:]) for i in range(shape[0])]
