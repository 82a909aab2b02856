#!/usr/bin/env python3
"""Writes the seed corpora under fuzz/corpus/ (small files, committed).

Run from anywhere: python3 fuzz/make_seeds.py. Deterministic. The 1201 x 1201
.hgt seed is not here (2.8 MB): tools/fuzz.sh generates it into build/fuzz.
"""
import os
import shutil
import struct
import subprocess
import zlib

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")


def put(harness, name, data):
    folder = os.path.join(ROOT, harness)
    os.makedirs(folder, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def argv(*words):
    """A command line as fuzz_flags and fuzz_app_options read it: NUL-separated words."""
    return b"\x00".join(w.encode() for w in words)


def chunk(kind, payload):
    body = kind + payload
    return struct.pack(">I", len(payload)) + body + struct.pack(">I", zlib.crc32(body))


def png(width, height, bit_depth, colour, interlace=0, palette=None, trns=None, seed=1):
    """A valid PNG with filter-0 rows of pseudo-random samples."""
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour]
    row_bytes = (width * channels * bit_depth + 7) // 8
    state = seed
    raw = bytearray()

    def rows(w, h):
        nonlocal state
        out = bytearray()
        rb = (w * channels * bit_depth + 7) // 8
        for _ in range(h):
            out.append(0)
            for _ in range(rb):
                state = (state * 1103515245 + 12345) & 0x7FFFFFFF
                out.append((state >> 16) & 0xFF)
        return out

    if interlace == 0:
        raw = rows(width, height)
    else:  # Adam7 passes
        for x0, y0, dx, dy in [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4),
                               (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]:
            w = (width - x0 + dx - 1) // dx if width > x0 else 0
            h = (height - y0 + dy - 1) // dy if height > y0 else 0
            if w and h:
                raw += rows(w, h)
    if colour == 3:  # palette indices must be in range
        entries = 1 << bit_depth
        palette = palette or bytes((k * 37) & 0xFF for k in range(3 * entries))
    del row_bytes
    out = b"\x89PNG\r\n\x1a\n"
    out += chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, bit_depth, colour, 0, 0, interlace))
    if palette:
        out += chunk(b"PLTE", palette)
    if trns:
        out += chunk(b"tRNS", trns)
    out += chunk(b"IDAT", zlib.compress(bytes(raw), 9))
    out += chunk(b"IEND", b"")
    return out


def png_seeds():
    put("fuzz_png", "gray8_5x4.png", png(5, 4, 8, 0))
    put("fuzz_png", "gray16_6x5.png", png(6, 5, 16, 0))
    put("fuzz_png", "gray1_9x3.png", png(9, 3, 1, 0))
    put("fuzz_png", "gray2_5x5.png", png(5, 5, 2, 0))
    put("fuzz_png", "gray4_7x3.png", png(7, 3, 4, 0))
    put("fuzz_png", "gray8_interlaced_9x9.png", png(9, 9, 8, 0, interlace=1))
    put("fuzz_png", "gray16_interlaced_5x6.png", png(5, 6, 16, 0, interlace=1))
    put("fuzz_png", "rgb8_4x4.png", png(4, 4, 8, 2))
    put("fuzz_png", "rgb16_3x3.png", png(3, 3, 16, 2))
    put("fuzz_png", "palette8_4x4.png", png(4, 4, 8, 3, trns=b"\x00\x80"))
    put("fuzz_png", "palette2_6x3.png", png(6, 3, 2, 3))
    put("fuzz_png", "grayalpha8_4x3.png", png(4, 3, 8, 4))
    put("fuzz_png", "grayalpha16_3x3.png", png(3, 3, 16, 4))
    put("fuzz_png", "rgba8_3x4.png", png(3, 4, 8, 6))
    put("fuzz_png", "rgba16_2x3.png", png(2, 3, 16, 6))
    put("fuzz_png", "gray8_trns_4x4.png", png(4, 4, 8, 0, trns=b"\x00\x07"))
    put("fuzz_png", "class_indices_3x2.png", png(3, 2, 2, 0, seed=7))
    put("fuzz_png", "truncated.png", png(5, 4, 8, 0)[:40])


def hgt_seeds():
    # The size decides: every one of these is refused but for its size.
    put("fuzz_hgt", "empty.hgt", b"")
    put("fuzz_hgt", "one_sample.hgt", b"\x01\x02")
    put("fuzz_hgt", "void_and_odd.hgt", b"\x80\x00\x00\x10\x7f")
    put("fuzz_hgt", "row_of_1201.hgt", b"".join(struct.pack(">h", k - 600) for k in range(1201)))


def raw_seeds():
    def raw(width, depth, mode=0, spacing=1.0, scale=100.0, extra=b""):
        header = struct.pack("<iiB", width, depth, mode)
        if mode & 2:
            header += struct.pack("<dd", spacing, scale)
        body = b"".join(struct.pack("<H", (k * 2654435761) & 0xFFFF) for k in range(width * depth))
        return header + body + extra

    put("fuzz_raw", "raw_4x3", raw(4, 3))
    put("fuzz_raw", "r16_2x2", raw(2, 2, mode=1))
    put("fuzz_raw", "direct_5x4", raw(5, 4, mode=2, spacing=2.5, scale=400.0))
    put("fuzz_raw", "size_mismatch", raw(3, 3, extra=b"\x01"))
    put("fuzz_raw", "huge_dims", struct.pack("<iiB", 70000, 70000, 0) + b"\x00" * 8)
    put("fuzz_raw", "negative", struct.pack("<iiB", -1, 4, 0))


def map_seeds():
    put("fuzz_map", "tiny.map", "type octile\nheight 3\nwidth 4\nmap\n.@..\n.T.G\nS.W.\n")
    put("fuzz_map", "crlf.map", "type octile\r\nheight 2\r\nwidth 2\r\nmap\r\n..\r\n.@\r\n")
    put("fuzz_map", "one_cell.map", "type octile\nheight 1\nwidth 1\nmap\n.\n")
    put("fuzz_map", "short_row.map", "type octile\nheight 2\nwidth 3\nmap\n...\n..\n")
    # arena.map from tests/data/movingai, cut to its first 12 rows.
    src = os.path.join(os.path.dirname(ROOT), "..", "tests", "data", "movingai", "arena.map")
    with open(src) as f:
        lines = f.read().split("\n")
    width = int(lines[2].split()[1])
    rows = lines[4:16]
    put("fuzz_map", "arena_12_rows.map",
        "type octile\nheight %d\nwidth %d\nmap\n%s\n" % (len(rows), width, "\n".join(rows)))


def scen_seeds():
    put("fuzz_scen", "two_rows.scen",
        "version 1\n0\tarena.map\t49\t49\t1\t12\t5\t11\t4.41421356\n"
        "1\tarena.map\t49\t49\t13\t5\t18\t7\t5.82842712\n")
    put("fuzz_scen", "version_only.scen", "version 1.0\n")
    put("fuzz_scen", "bad_field.scen", "version 1\n0\tm.map\t4\t4\t1\tx\t2\t2\t1.0\n")
    src = os.path.join(os.path.dirname(ROOT), "..", "tests", "data", "movingai", "arena.map.scen")
    with open(src) as f:
        put("fuzz_scen", "arena_head.scen", "".join(f.readlines()[:12]))


def sidecar_seeds():
    # Byte 0: bits 0-1 the map beside it (0 .raw 4x3, 1 .png 5x4, 2 .map,
    # 3 .r16 4x3), bit 2: the request overrides spacing, bit 3: tile size.
    put("fuzz_sidecar", "raw", b"\x00raw_width = 4\nraw_depth = 3\nspacing_m = 2.5\n")
    put("fuzz_sidecar", "raw_comments",
        b"\x00# a comment\n  raw_width=4 # trailing\r\nraw_depth\t=\t3\n\nheight_scale_m = 1e3\n")
    put("fuzz_sidecar", "png", b"\x01spacing_m = 0.5\nheight_scale_m = 100\ntile_size = 2\n")
    put("fuzz_sidecar", "png_overrides", b"\x0dtile_size = 9\n")
    put("fuzz_sidecar", "map_refuses", b"\x02spacing_m = 1\n")
    put("fuzz_sidecar", "r16_duplicate", b"\x03raw_width = 4\nraw_width = 4\nraw_depth = 3\n")
    put("fuzz_sidecar", "unknown_key", b"\x00raw_width = 4\nraw_depth = 3\ncolour = red\n")


def flags_seeds():
    put("fuzz_flags", "path", argv("path", "--map", "m.png", "--from", "1,2", "--to", "3,4",
                                   "--png", "o.png", "--png-scale", "4", "--show-sets"))
    put("fuzz_flags", "path_procedural",
        argv("path", "--procedural", "65", "--seed", "7", "--smoothing", "2", "--height-scale",
             "30", "--tile-size", "2", "--max-slope", "0.8", "--topology", "hex6",
             "--corner-cutting", "at-least-one-free", "--from", "0,0", "--to", "5,5"))
    put("fuzz_flags", "bench", argv("bench", "--map", "a.map", "--scen", "a.scen", "--check",
                                    "--budget-us", "50", "--heuristic", "zero", "--weight", "1.5",
                                    "--greedy", "--climb-bound", "off"))
    put("fuzz_flags", "scen", argv("scen", "--map", "m.hgt", "--queries", "10", "--seed", "3",
                                   "--out", "o.scen", "--cost", "tobler", "--class-table",
                                   "grass=1,rock=impassable", "--class-bands", "12.5"))
    put("fuzz_flags", "sweep", argv("sweep", "--map", "m.raw", "--scen", "s", "--out", "d",
                                    "--no-charts", "--max-slope", "0.4,0.6", "--slope-weight",
                                    "0,1", "--cost", "reference,seed", "--heuristic",
                                    "octile,euclidean", "--climb-bound", "on,off",
                                    "--weight", "1,2"))
    put("fuzz_flags", "requests",
        argv("requests", "--procedural", "33", "--count", "5", "--frame-budget-us", "500",
             "--threads", "2", "--frame-ms", "16", "--radius", "4", "--seed", "9",
             "--influence", "1,2,3,-0.5", "--influence", "4,4,2,1"))
    put("fuzz_flags", "edits", argv("edits", "--map", "m.png", "--count", "3", "--radius", "2",
                                    "--revert", "--check", "--cost", "uphill-downhill",
                                    "--uphill-weight", "2", "--downhill-weight", "0.5",
                                    "--class-table", "a=1,b=2", "--classes", "c.png"))
    put("fuzz_flags", "help", argv("--help"))
    put("fuzz_flags", "path_gdal_loader", argv("path", "--map", "m.asc", "--nodata", "block",
                                               "--resample", "square", "--from", "1,2", "--to",
                                               "3,4"))


def batch_flags_seeds():
    put("fuzz_flags", "batch", argv("batch", "--map", "m.png", "--pairs", "p.csv", "--out", "r.csv",
                                    "--threads", "4", "--cost", "tobler", "--also-price",
                                    "reference,uphill-downhill", "--any-angle"))
    put("fuzz_flags", "batch_rwalk",
        argv("batch", "--compat", "r.walk", "--map", "d.tif", "--pairs", "p.csv", "--out", "r.csv",
             "--threads", "2", "--topology", "knight16", "--walk-coeff", "0.72,6,1.9998,-1.9998"))
    put("fuzz_flags", "path_rwalk",
        argv("path", "--compat", "r.walk", "--map", "d.tif", "--from", "1,2", "--to", "5,3",
             "--slope-factor", "-0.2", "--friction", "f.tif", "--lambda", "0.5", "--geojson",
             "p.json", "--csv", "p.csv"))


def app_options_seeds():
    # Every option of terranav --help, each in at least one command line that
    # parses; the last few are refused (missing, empty, malformed values).
    def put_app(name, *words):
        put("fuzz_app_options", name, argv(*words))

    put_app("window_default")
    put_app("window_map", "--map", "data/terrain.png", "--spacing", "30", "--height-scale", "500",
            "--tile-size", "2", "--max-slope", "0.8", "--slope-weight", "2", "--start", "10,12",
            "--speed", "8", "--time-scale", "16", "--units", "12", "--grid-paths", "--overlay",
            "sets")
    put_app("procedural", "--procedural", "257", "--seed", "7", "--spacing", "10", "--tile-size",
            "4", "--overlay", "contours")
    put_app("headless_clicks", "--headless", "--procedural", "129", "--seed", "7", "--size",
            "320x180", "--right-click", "160,120", "--right-click", "40.5,30", "--until-arrived",
            "--report", "procedural.json")
    put_app("headless_map", "--headless", "--map", "tests/data/movingai/arena.map", "--size",
            "320x180", "--right-click", "160,120", "--until-arrived", "--report", "arena.json")
    put_app("select_all", "--headless", "--procedural", "65", "--select-all", "--frames", "120",
            "--screenshot", "s.png")
    put_app("left_click", "--headless", "--procedural", "65", "--left-click", "640,360",
            "--right-click", "100,200", "--frames", "300")
    put_app("box_select", "--headless", "--procedural", "65", "--box-select", "100,100,700,500",
            "--right-click", "900,400", "--until-arrived")
    put_app("hover", "--headless", "--procedural", "129", "--hover", "500,300.5", "--screenshot",
            "hover.png")
    put_app("block_at", "--headless", "--procedural", "129", "--right-click", "1000,500",
            "--block-at", "120:4,5,6,9", "--block-at", "0:0,0,0,0", "--frames", "600")
    put_app("brush", "--headless", "--procedural", "129", "--size", "320x180", "--brush",
            "raise,160,90,300", "--brush", "lower,1,2,30,7.5", "--brush-at", "1:block,5,5,100",
            "--brush-at", "30:flatten,820,440,350", "--frames", "40")
    put_app("panel", "--headless", "--procedural", "65", "--panel", "--cost-model", "tobler",
            "--heuristic", "euclidean", "--weight", "1.5", "--screenshot", "panel.png")
    put_app("uphill_downhill", "--procedural", "65", "--cost-model", "uphill-downhill",
            "--uphill-weight", "2", "--downhill-weight", "0.5", "--heuristic", "octile")
    put_app("seed_model", "--cost-model", "seed", "--heuristic", "zero", "--overlay", "search")
    put_app("lod_bench", "--headless", "--procedural", "257", "--lod", "off", "--lod-error",
            "2.5", "--bench-frames", "40", "--report", "bench.json")
    put_app("lod_window", "--lod", "on", "--lod-error", "0.5", "--minimap", "off", "--paths",
            "off", "--overlay", "walkability")
    put_app("minimap", "--headless", "--procedural", "65", "--minimap", "on", "--paths", "on",
            "--overlay", "none", "--screenshot", "minimap.png")
    put_app("follow", "--headless", "--procedural", "129", "--right-click", "640,360",
            "--follow-unit", "50", "--time-scale", "64", "--frames", "200", "--screenshot",
            "follow.png")
    put_app("msaa_capture", "--msaa", "0", "--capture", "60:window.png", "--lod-error", "1")
    put_app("msaa_bench", "--headless", "--procedural", "129", "--msaa", "auto", "--bench-frames",
            "8")
    put_app("minimap_click", "--headless", "--procedural", "129", "--size", "1280x720",
            "--minimap-right-click", "1200,560", "--minimap-right-click", "1100.5,600")
    put_app("bad_capture", "--headless", "--capture", "0:")
    put_app("help", "--help")
    put_app("help_short", "-h", "--procedural", "33")
    put_app("version", "--version")
    put_app("bad_missing_value", "--headless", "--procedural")
    put_app("bad_empty_map", "--map", "")
    put_app("bad_numbers", "--headless", "--frames", "99999999999", "--speed", "nan")
    put_app("bad_rect", "--headless", "--block-at", "5:3,1,2,4")
    put_app("bad_size", "--headless", "--size", "-640x0")
    put_app("bad_needs_headless", "--right-click", "1,2", "--seed", "3")
    put_app("bad_block_at_int_max", "--headless", "--block-at", "0:0,0,2147483647,1")
    put_app("bad_twice", "--map", "a.png", "--overlay", "sets", "--map", "b.png")
    put_app("gdal_loader", "--map", "dem.img", "--nodata", "fill", "--resample", "square")


def provider_seeds(harness, sizes):
    """Any bytes decode to something (FuzzedDataProvider); these only give the
    fuzzer a few different starting points."""
    state = 12345
    for k, size in enumerate(sizes):
        out = bytearray()
        for _ in range(size):
            state = (state * 1103515245 + 12345) & 0x7FFFFFFF
            out.append((state >> 16) & 0xFF)
        put(harness, "random_%d" % k, bytes(out))
    put(harness, "zeros", b"\x00" * 512)
    put(harness, "ones", b"\x01" * 512)


def api_seeds():
    provider_seeds("fuzz_api", [64, 300, 1200, 4000])


def walking_time_seeds():
    # The last two are long enough for a tall grid's 2 400 samples.
    provider_seeds("fuzz_walking_time", [64, 600, 6000, 12000])


def geotiff(width, height, samples, fmt="<f", sample_format=3, epsg=32630, origin=(440720.0, 3751320.0),
            pixel=30.0, nodata=None, transform=None, pixel_y=None, metres=False):
    """A little-endian, uncompressed, one-strip GeoTIFF, as GDAL's GTiff driver reads it:
    samples row-major (row 0 north), `fmt` their struct format, SampleFormat 1/2/3 =
    uint/int/float; a projected CRS (or geographic for 4326) by EPSG code; a pixel
    scale (`pixel` x `pixel_y`, square unless given) and tie point, or a 4 x 4
    ModelTransformation when `transform` is given. `metres`: a ProjLinearUnits key
    (metre) too, as GDAL writes, which gdal::PlainGeoTiff requires."""
    data = b"".join(struct.pack(fmt, v) for v in samples)
    bits = struct.calcsize(fmt) * 8
    geographic = epsg == 4326
    keys = [1, 1, 0, 3, 1024, 0, 1, 2 if geographic else 1, 1025, 0, 1, 1,
            2048 if geographic else 3072, 0, 1, epsg]
    if metres:
        keys[3] += 1
        keys += [3076, 0, 1, 9001]
    tags = [  # (tag, type, values): 2 ASCII, 3 SHORT, 4 LONG, 12 DOUBLE
        (256, 4, [width]), (257, 4, [height]), (258, 3, [bits]), (259, 3, [1]), (262, 3, [1]),
        (273, 4, [8]), (277, 3, [1]), (278, 4, [height]), (279, 4, [len(data)]),
        (339, 3, [sample_format]), (34735, 3, keys)]
    if transform is None:
        tags += [(33550, 12, [pixel, pixel if pixel_y is None else pixel_y, 0.0]),
                 (33922, 12, [0.0, 0.0, 0.0, origin[0], origin[1], 0.0])]
    else:
        tags.append((34264, 12, transform))
    if nodata is not None:
        tags.append((42113, 2, nodata.encode() + b"\0"))
    tags.sort()
    sizes = {2: 1, 3: 2, 4: 4, 12: 8}
    packs = {3: "<H", 4: "<I", 12: "<d"}
    extra = bytearray()
    extra_at = 8 + len(data)
    entries = []
    for tag, kind, values in tags:
        raw = values if kind == 2 else b"".join(struct.pack(packs[kind], v) for v in values)
        if len(raw) <= 4:
            entries.append(struct.pack("<HHI", tag, kind, len(raw) // sizes[kind]) + raw.ljust(4, b"\0"))
        else:
            entries.append(struct.pack("<HHII", tag, kind, len(raw) // sizes[kind], extra_at + len(extra)))
            extra += raw + (b"\0" if len(raw) % 2 else b"")
    ifd_at = extra_at + len(extra)
    ifd = struct.pack("<H", len(entries)) + b"".join(entries) + struct.pack("<I", 0)
    return b"II*\0" + struct.pack("<I", ifd_at) + data + bytes(extra) + ifd


def gdal_seeds():
    """GeoTIFFs for fuzz_gdal: valid projected rasters of each sample type, one with
    nodata, one with non-square pixels and nodata, and refused ones (geographic, rotated, truncated, not a TIFF)."""
    ramp = [float(k % 7) * 3.5 - 4.0 for k in range(48)]
    put("fuzz_gdal", "utm30n_float32_4x3.tif", geotiff(4, 3, ramp[:12]))
    put("fuzz_gdal", "utm30n_int16_5x4.tif",
        geotiff(5, 4, [int(v * 10) for v in ramp[:20]], "<h", 2))
    put("fuzz_gdal", "utm33n_uint16_8x6.tif",
        geotiff(8, 6, [k * 97 % 4000 for k in range(48)], "<H", 1, epsg=32633, pixel=2.0))
    put("fuzz_gdal", "utm30n_float64_nodata_3x3.tif",
        geotiff(3, 3, [1.0, 2.0, 3.0, 4.0, -9999.0, 6.0, 7.0, 8.0, 9.0], "<d", nodata="-9999"))
    # --resample square and --nodata fill/block at once: 30 x 20 m pixels, one nodata.
    put("fuzz_gdal", "utm30n_float32_nonsquare_nodata_4x3.tif",
        geotiff(4, 3, ramp[:5] + [-9999.0] + ramp[6:12], pixel=30.0, pixel_y=20.0,
                nodata="-9999"))
    put("fuzz_gdal", "wgs84_float32_3x3.tif",
        geotiff(3, 3, ramp[:9], epsg=4326, origin=(-3.5, 40.5), pixel=0.001))
    rotated = [30.0, 0.5, 0.0, 440720.0, 0.5, -30.0, 0.0, 3751320.0,
               0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0]
    put("fuzz_gdal", "rotated_float32_3x3.tif", geotiff(3, 3, ramp[:9], transform=rotated))
    put("fuzz_gdal", "truncated.tif", geotiff(4, 3, ramp[:12])[:60])
    put("fuzz_gdal", "not_a_tiff.tif", "P2 3 2 255 0 1 2 3 4 5\n")


def pairs_csv_seeds():
    """Pairs CSVs for fuzz_pairs_csv (a 32 x 32 tile map, 2 m tiles, georeferenced
    at E 500000, N 4000000): each header kind, CRLF, blank lines, refusals."""
    put("fuzz_pairs_csv", "tiles.csv", "id,from_i,from_j,to_i,to_j\na,0,0,31,31\nb,5,6,7,8\n")
    put("fuzz_pairs_csv", "metres.csv", "id,from_x,from_z,to_x,to_z\r\nq 1,0.5,1e1,63.99,2\r\n\r\n")
    put("fuzz_pairs_csv", "crs.csv",
        "\ufeffid,from_e,from_n,to_e,to_n\nx,500002,3999998,500040.5,3999960\n")
    put("fuzz_pairs_csv", "no_final_newline.csv", "id,from_i,from_j,to_i,to_j\n\nz, 1 ,2,3 ,4")
    put("fuzz_pairs_csv", "bad_rows.csv",
        "id,from_x,from_z,to_x,to_z\na,nan,1,2,3\nb,1,2,3\nc,-1,0,0,0\n,1,1,1,1\n")
    put("fuzz_pairs_csv", "empty.csv", "")
    # The 7 x 5 DEM of 30 x 20 m samples (batch --compat r.walk): samples, CRS.
    put("fuzz_pairs_csv", "samples.csv", "id,from_i,from_j,to_i,to_j\na,0,0,6,4\nb,7,0,0,0\n")
    put("fuzz_pairs_csv", "samples_crs.csv",
        "id,from_e,from_n,to_e,to_n\na,500015,3999990,500209.9,3999900.1\n")


def raster_grid_seeds(harness="fuzz_raster_grid"):
    """GeoTIFFs for fuzz_raster_grid: square and non-square pixels (60 x 90 m),
    nodata, a negative value (refused as friction), and refused ones."""
    ramp = [float(k % 7) * 3.5 - 4.0 for k in range(48)]
    put(harness, "utm30n_float32_6x5.tif", geotiff(6, 5, [abs(v) for v in ramp[:30]]))
    nonsquare = [60.0, 0.0, 0.0, 440720.0, 0.0, -90.0, 0.0, 3751320.0,
                 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0]
    put(harness, "utm30n_60x90m_float64_nodata_4x4.tif",
        geotiff(4, 4, [1.0, 2.0, -9999.0, 4.0] * 4, "<d", nodata="-9999", transform=nonsquare))
    put(harness, "utm30n_int16_negative_5x4.tif",
        geotiff(5, 4, [int(v * 10) for v in ramp[:20]], "<h", 2))
    put(harness, "wgs84_float32_3x3.tif",
        geotiff(3, 3, ramp[:9], epsg=4326, origin=(-3.5, 40.5), pixel=0.001))
    put(harness, "truncated.tif", geotiff(4, 3, ramp[:12])[:60])


# r.walk's fixtures (GRASS r.out.gdal: Deflate strips, nodata -32768 or nan),
# one of each kind: Float32 DEM, non-square pixels, friction, Float64 in strips.
RWALK_SEEDS = ["dem_90m.tif", "dem_60x90m.tif", "friction_60x90m.tif", "90m_8.dir.tif",
               "90m_8.time.tif"]


def plain_geotiff_seeds():
    """GeoTIFFs for fuzz_plain_geotiff: fuzz_raster_grid's (none plain: no linear
    unit key), the same made plain (metres) in each sample type, r.walk's fixtures
    (plain, as GDAL writes them), and 8 x 8 crops of dem_90m.tif in the other
    codecs and types, made by gdal_translate when it is installed (else the
    committed ones stay)."""
    raster_grid_seeds("fuzz_plain_geotiff")
    h = "fuzz_plain_geotiff"
    ramp = [float(k % 7) * 3.5 - 4.0 for k in range(48)]
    put(h, "plain_float32_6x5.tif", geotiff(6, 5, ramp[:30], metres=True))
    put(h, "plain_float64_nan_nodata_3x3.tif",
        geotiff(3, 3, [1.0, float("nan"), 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, -0.0], "<d", nodata="nan",
                metres=True))
    put(h, "plain_int16_nodata_5x4.tif",
        geotiff(5, 4, [int(v * 10) for v in ramp[:20]], "<h", 2, nodata="-40", metres=True))
    put(h, "plain_uint16_60x90m_8x6.tif",
        geotiff(8, 6, [k * 97 % 4000 for k in range(48)], "<H", 1, epsg=32633, pixel=60.0,
                pixel_y=90.0, metres=True))
    put(h, "plain_byte_4x3.tif", geotiff(4, 3, list(range(0, 240, 20)), "<B", 1, metres=True))
    put(h, "plain_int32_3x2.tif", geotiff(3, 2, [-5, 0, 7, 2**31 - 1, -2**31, 1], "<i", 2,
                                          metres=True))
    put(h, "plain_uint32_3x2.tif", geotiff(3, 2, [0, 1, 2**32 - 1, 5, 6, 7], "<I", 1, metres=True))
    rwalk = os.path.join(os.path.dirname(ROOT), "..", "tests", "data", "rwalk")
    for name in RWALK_SEEDS:
        with open(os.path.join(rwalk, name), "rb") as f:
            put(h, "rwalk_" + name, f.read())
    if shutil.which("gdal_translate") is None:
        return
    for name, options in [
            ("dem_90m_8x8_int16_deflate_pred2.tif",
             ["-ot", "Int16", "-co", "COMPRESS=DEFLATE", "-co", "PREDICTOR=2"]),
            ("dem_90m_8x8_float32_lzw_pred3.tif", ["-co", "COMPRESS=LZW", "-co", "PREDICTOR=3"]),
            ("dem_90m_8x8_int32_packbits_3rows.tif",
             ["-ot", "Int32", "-co", "COMPRESS=PACKBITS", "-co", "BLOCKYSIZE=3"])]:
        subprocess.run(["gdal_translate", "-q", "-srcwin", "0", "0", "8", "8"] + options +
                       [os.path.join(rwalk, "dem_90m.tif"), os.path.join(ROOT, h, name)],
                       check=True)


if __name__ == "__main__":
    png_seeds()
    hgt_seeds()
    raw_seeds()
    map_seeds()
    scen_seeds()
    sidecar_seeds()
    flags_seeds()
    batch_flags_seeds()
    app_options_seeds()
    api_seeds()
    walking_time_seeds()
    gdal_seeds()
    pairs_csv_seeds()
    raster_grid_seeds()
    plain_geotiff_seeds()
