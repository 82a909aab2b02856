"""A minimal GeoTIFF writer for the tests: one float32 band, one strip, a
north-up pixel grid (ModelPixelScale + ModelTiepoint) in a projected CRS
given by its EPSG code; and a reader for the GRASS fixtures (one band,
strips, uncompressed or DEFLATE, float32 or float64, GDAL's nodata tag).
Independent of GDAL, which terranav reads and writes them with."""

import struct
import zlib

import numpy as np

_SHORT, _LONG, _DOUBLE = 3, 4, 12
_SIZES = {_SHORT: 2, _LONG: 4, _DOUBLE: 8}
_FORMATS = {_SHORT: "H", _LONG: "I", _DOUBLE: "d"}


def write_geotiff(path, heights, origin_e, origin_n, pixel_size_m, epsg, pixel_size_n=None):
    """heights: (rows, columns) metres; (origin_e, origin_n) the raster's
    outer north-west corner in metres; pixels pixel_size_m wide (east) and
    pixel_size_n (north; pixel_size_m unless given) tall."""
    data = np.ascontiguousarray(heights, dtype="<f4").tobytes()
    rows, columns = heights.shape
    geokeys = [1, 1, 0, 3,          # version, revision, minor, key count
               1024, 0, 1, 1,       # GTModelType: projected
               1025, 0, 1, 1,       # GTRasterType: pixel is area
               3072, 0, 1, epsg]    # ProjectedCSType
    entries = [
        (256, _LONG, [columns]), (257, _LONG, [rows]), (258, _SHORT, [32]),
        (259, _SHORT, [1]), (262, _SHORT, [1]), (273, _LONG, [0]),
        (277, _SHORT, [1]), (278, _LONG, [rows]), (279, _LONG, [len(data)]),
        (284, _SHORT, [1]), (339, _SHORT, [3]),
        (33550, _DOUBLE, [pixel_size_m,
                          pixel_size_m if pixel_size_n is None else pixel_size_n, 0.0]),
        (33922, _DOUBLE, [0.0, 0.0, 0.0, origin_e, origin_n, 0.0]),
        (34735, _SHORT, geokeys),
    ]
    ifd_size = 2 + 12 * len(entries) + 4
    extra_at = 8 + ifd_size
    extra = b""
    ifd = struct.pack("<H", len(entries))
    data_at = extra_at + sum(
        _SIZES[kind] * len(values) for _, kind, values in entries
        if _SIZES[kind] * len(values) > 4)
    for tag, kind, values in entries:
        if tag == 273:
            values = [data_at]
        packed = struct.pack("<%d%s" % (len(values), _FORMATS[kind]), *values)
        if len(packed) <= 4:
            ifd += struct.pack("<HHI", tag, kind, len(values)) + packed.ljust(4, b"\0")
        else:
            ifd += struct.pack("<HHII", tag, kind, len(values), extra_at + len(extra))
            extra += packed
    ifd += struct.pack("<I", 0)
    with open(path, "wb") as out:
        out.write(b"II" + struct.pack("<HI", 42, 8) + ifd + extra + data)
    return path


def read_geotiff(path):
    """(values, pixel_size_e, pixel_size_n) of a little-endian TIFF's band 1:
    values float64 (rows, columns), NaN at GDAL's nodata value; the sizes
    from ModelPixelScale. Refuses (ValueError) what it does not read."""
    data = open(path, "rb").read()
    if data[:4] != b"II*\0":
        raise ValueError(f"{path}: not a little-endian TIFF")
    at = struct.unpack_from("<I", data, 4)[0]
    tags = {}
    for k in range(struct.unpack_from("<H", data, at)[0]):
        tag, kind, count, value = struct.unpack_from("<HHII", data, at + 2 + 12 * k)
        size = {1: 1, 2: 1, 3: 2, 4: 4, 12: 8}[kind] * count
        raw = data[at + 10 + 12 * k:at + 14 + 12 * k] if size <= 4 else data[value:value + size]
        fmt = {1: "B", 2: "s", 3: "H", 4: "I", 12: "d"}[kind]
        tags[tag] = raw[:count].decode().rstrip("\0") if kind == 2 else \
            struct.unpack("<%d%s" % (count, fmt), raw[:size])
    columns, rows, bits = tags[256][0], tags[257][0], tags[258][0]
    compression = tags.get(259, (1,))[0]
    if tags.get(339, (1,))[0] != 3 or bits not in (32, 64) or compression not in (1, 8) or \
            tags.get(317, (1,))[0] != 1 or tags.get(277, (1,))[0] != 1:
        raise ValueError(f"{path}: not one float band, uncompressed or DEFLATE, no predictor")
    strips = b"".join(data[o:o + n] if compression == 1 else zlib.decompress(data[o:o + n])
                      for o, n in zip(tags[273], tags[279]))
    values = np.frombuffer(strips, dtype="<f%d" % (bits // 8), count=rows * columns)
    values = values.astype(np.float64).reshape(rows, columns)
    if 42113 in tags:
        values = np.where(values == float(tags[42113]), np.nan, values)
    return values, tags[33550][0], tags[33550][1]

