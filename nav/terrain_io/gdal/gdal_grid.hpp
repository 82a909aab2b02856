// terranav::gdal: GDAL's raster algorithms applied to in-memory grids (MEM
// datasets), for what terrain_io does to a raster after reading it: fill its
// nodata samples, resample it to square pixels. Private to the build.
#pragma once

#include <cstdint>
#include <vector>

namespace terranav::nav::gdal {

/// How far GDALFillNodata looks for valid samples, in pixels: GDAL's own
/// default (gdal_fillnodata -md). Its cost grows with this reach times the
/// number of nodata samples, so reaching across the whole raster is no
/// option (for a 2000 x 2000 raster half nodata, over a minute).
inline constexpr double kFillReachPx = 100.0;

/// Fills the samples with valid[k] == 0 of a row-major width x depth grid
/// by GDALFillNodata: inverse-distance weighting of the nearest valid
/// sample in each of four quadrants within `reach_px` pixels, no smoothing
/// (GDAL alg/rasterfill.cpp). Sets valid[k] = 1 for each sample it filled;
/// samples farther than reach_px from every valid one keep valid[k] == 0
/// and their value. Throws Error when GDAL fails (memory). O(W * D +
/// nodata * reach_px).
void fill_nodata(std::vector<float>& values, std::vector<std::uint8_t>& valid, int width, int depth,
                 double reach_px);

/// Resamples the top-left `source_width` x `source_depth` pixels (fractional
/// sizes allowed) of a row-major width x depth grid to out_width x
/// out_depth pixels, bilinear (GDALRasterIOEx, GRIORA_Bilinear: output
/// pixel centres interpolated between the nearest source pixel centres,
/// clamped at the edges). Throws Error when GDAL fails. O(out_width *
/// out_depth).
std::vector<float> resample_bilinear(const std::vector<float>& values, int width, int depth,
                                     double source_width, double source_depth, int out_width,
                                     int out_depth);

}  // namespace terranav::nav::gdal
