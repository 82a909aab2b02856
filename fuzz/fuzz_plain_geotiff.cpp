// fuzz_plain_geotiff: plain GeoTIFFs through gdal::PlainGeoTiff (libtiff
// alone, navcli cost-surface --compat r.walk's reader), checked against GDAL
// on the same file, then written back by write_geotiff with the file's keys
// (write_plain_geotiff) and read again. PlainGeoTiff::open leaves GDAL's
// /vsimem/ paths to GDAL, so the bytes go to a real scratch file. Each input
// is read twice, without and with GDAL's GeoTIFF tag definitions in libtiff
// (TagsAsIn below). A refusal is nullptr from open() or nav::Error from a
// read; anything else is a finding, a plain read that disagrees with GDAL's
// (or that GDAL refuses) included: the reader promises GDAL's answers for
// every file it accepts.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <system_error>
#include <vector>

#include <cpl_vsi.h>
#include <tiffio.h>

#include "fuzz_support.hpp"
#include "gdal_input.hpp"
#include "gdal_raster.hpp"
#include "gdal_writer.hpp"
#include "plain_geotiff.hpp"
#include "terranav/nav/types.hpp"

namespace {

namespace nav = terranav::nav;
namespace gdal = terranav::nav::gdal;

// Declared sizes above this are skipped before reading: a few hundred bytes
// can declare gigabytes, and an input is read up to six times.
constexpr std::size_t kMaxSamples = std::size_t{1} << 20;

// Both readers convert the same stored sample to double: the same bits, but
// a NaN's payload is GDAL's business.
bool same_value(double a, double b) {
  return (std::isnan(a) && std::isnan(b)) ||
         std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

bool same_values(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t k = 0; k < a.size(); ++k) {
    if (!same_value(a[k], b[k])) return false;
  }
  return true;
}

bool same_nodata(std::optional<double> a, std::optional<double> b) {
  if (!a || !b) return !a && !b;
  return *a == *b || (std::isnan(*a) && std::isnan(*b));
}

// libtiff's tag extender, process-wide: GDAL installs libgeotiff's GeoTIFF
// tag definitions at its first TIFF open, and the plain reader then gets
// those tags as libgeotiff defines them instead of as anonymous tags. Both
// happen (navcli cost-surface never loads libgdal; load_raster_grid may run
// after GDAL has opened a TIFF), so every input is read in both states,
// neither depending on what ran before it.
enum class Tags { Anonymous, Gdal };

TIFFExtendProc gdal_tag_extender() {
  static const TIFFExtendProc extender = [] {
    // A 1 x 1 GeoTIFF written through GDAL (no geokeys): its first TIFF.
    const std::string path = "/vsimem/terranav-fuzz-gdal-tags.tif";
    gdal::GeoTiffSpec spec;
    spec.width = 1;
    spec.depth = 1;
    const std::vector<double> one = {0.0};
    gdal::write_geotiff(path, spec, one);
    VSIUnlink(path.c_str());
    const TIFFExtendProc installed = TIFFSetTagExtender(nullptr);
    TIFFSetTagExtender(installed);
    return installed;
  }();
  return extender;
}

// Sets the extender for `tags` for the object's life; GDAL's own opens need
// its definitions back, so the scope is the plain reader's and writer's calls.
class TagsAsIn {
 public:
  explicit TagsAsIn(Tags tags)
      : saved_(TIFFSetTagExtender(tags == Tags::Gdal ? gdal_tag_extender() : nullptr)) {}
  TagsAsIn(const TagsAsIn&) = delete;
  TagsAsIn& operator=(const TagsAsIn&) = delete;
  ~TagsAsIn() { TIFFSetTagExtender(saved_); }

 private:
  TIFFExtendProc saved_;
};

std::unique_ptr<gdal::PlainGeoTiff> open_plain(const std::filesystem::path& file, Tags tags) {
  const TagsAsIn as(tags);
  return gdal::PlainGeoTiff::open(file);
}

// What open() promises of every file it accepts.
void check_header(const gdal::PlainGeoTiff& tiff) {
  FUZZ_CHECK(tiff.width() >= 1 && tiff.depth() >= 1);
  const auto gt = tiff.geotransform();
  FUZZ_CHECK(gt.has_value());
  FUZZ_CHECK((*gt)[1] > 0 && (*gt)[5] < 0 && (*gt)[2] == 0 && (*gt)[4] == 0);
  const auto crs = tiff.crs();
  FUZZ_CHECK(crs.has_value() && crs->epsg.has_value());
  FUZZ_CHECK(!tiff.keys().directory.empty());
}

// The differential check: GDAL must open and read the same file and agree
// on everything the plain reader reports. A GDAL refusal is a finding too:
// load_raster_grid would then accept a file that GDAL builds refuse.
void check_against_gdal(const std::filesystem::path& file, const gdal::PlainGeoTiff& tiff,
                        const std::vector<double>& values) {
  try {
    const gdal::Raster raster(file);
    FUZZ_CHECK(raster.width() == tiff.width() && raster.depth() == tiff.depth());
    FUZZ_CHECK(raster.geotransform() == tiff.geotransform());
    FUZZ_CHECK(raster.band_type_name() == tiff.band_type_name());
    FUZZ_CHECK(same_nodata(raster.nodata(), tiff.nodata()));
    FUZZ_CHECK(raster.scale() == 1.0 && raster.offset() == 0.0);
    FUZZ_CHECK(same_values(raster.read_band1_f64(), values));
  } catch (const nav::Error& e) {
    std::fprintf(stderr, "fuzz: GDAL refuses what the plain reader read: %s\n", e.what());
    FUZZ_CHECK(false);
  }
}

// write_geotiff with the keys (write_plain_geotiff), then the plain reader
// on the result, in the same state: the same keys, georeferencing and
// samples, to the bit.
void check_round_trip(const std::filesystem::path& out, const gdal::PlainGeoTiff& tiff,
                      const std::vector<double>& values, Tags tags) {
  gdal::GeoTiffSpec spec;
  spec.width = tiff.width();
  spec.depth = tiff.depth();
  spec.type = gdal::SampleType::Float64;
  spec.geotransform = *tiff.geotransform();
  spec.geokeys = tiff.keys();
  spec.nodata = std::numeric_limits<double>::quiet_NaN();
  spec.tags = {{"K", "v&<>\""}};  // XML-escaped into GDAL_METADATA
  try {
    const TagsAsIn as(tags);
    gdal::write_geotiff(out, spec, values);
  } catch (const nav::Error& e) {
    std::fprintf(stderr, "fuzz: cannot write back what was read: %s\n", e.what());
    FUZZ_CHECK(false);
  }
  const auto back = open_plain(out, tags);
  FUZZ_CHECK(back != nullptr);
  FUZZ_CHECK(back->width() == tiff.width() && back->depth() == tiff.depth());
  FUZZ_CHECK(back->keys().directory == tiff.keys().directory);
  FUZZ_CHECK(back->keys().doubles == tiff.keys().doubles);
  FUZZ_CHECK(back->keys().ascii == tiff.keys().ascii);
  FUZZ_CHECK(back->geotransform() == tiff.geotransform());
  FUZZ_CHECK(back->band_type_name() == "Float64");
  FUZZ_CHECK(back->nodata().has_value() && std::isnan(*back->nodata()));
  try {
    const std::vector<double> again = back->read_band1_f64();
    FUZZ_CHECK(again.size() == values.size());
    for (std::size_t k = 0; k < values.size(); ++k) {
      FUZZ_CHECK(std::bit_cast<std::uint64_t>(again[k]) == std::bit_cast<std::uint64_t>(values[k]));
    }
  } catch (const nav::Error& e) {
    std::fprintf(stderr, "fuzz: cannot read back what was written: %s\n", e.what());
    FUZZ_CHECK(false);
  }
}

// read_band1_rows, a few rows at a time and then the last row before the
// first (a strip decoded again): the same samples as read_band1_f64.
void check_rows(const gdal::PlainGeoTiff& tiff, const std::vector<double>& values) {
  const auto w = static_cast<std::size_t>(tiff.width());
  const int d = tiff.depth();
  std::vector<double> rows(values.size());
  try {
    for (int row = 0; row < d; row += 3) {
      const auto count = static_cast<std::size_t>(std::min(3, d - row));
      tiff.read_band1_rows(row,
                           std::span(rows).subspan(static_cast<std::size_t>(row) * w, count * w));
    }
    tiff.read_band1_rows(d - 1, std::span(rows).subspan(static_cast<std::size_t>(d - 1) * w, w));
    tiff.read_band1_rows(0, std::span(rows).first(w));
  } catch (const nav::Error& e) {
    std::fprintf(stderr, "fuzz: rows refused where the whole band read: %s\n", e.what());
    FUZZ_CHECK(false);
  }
  FUZZ_CHECK(same_values(rows, values));
}

// Removes this input's files: the next input must not find a stale
// .aux.xml (open() leaves such a file to GDAL) or last input's output.
struct RemoveAfter {
  const std::filesystem::path& input;
  const std::filesystem::path& output;
  ~RemoveAfter() {
    std::error_code ec;
    std::filesystem::remove(input, ec);
    std::filesystem::remove(input.string() + ".aux.xml", ec);
    std::filesystem::remove(output, ec);
  }
};

// One state's read of the input: open, the header's promises, then (when
// it reads) GDAL's read and the round trip.
void check(const std::filesystem::path& input, const std::filesystem::path& output, Tags tags) {
  const auto tiff = open_plain(input, tags);
  if (tiff == nullptr) return;
  check_header(*tiff);
  if (static_cast<std::size_t>(tiff->width()) * static_cast<std::size_t>(tiff->depth()) >
      kMaxSamples) {
    return;
  }
  std::vector<double> values;
  try {
    values = tiff->read_band1_f64();
  } catch (const nav::Error&) {
    return;  // a strip that does not decode: refused (checked one way only)
  }
  FUZZ_CHECK(values.size() ==
             static_cast<std::size_t>(tiff->width()) * static_cast<std::size_t>(tiff->depth()));
  check_rows(*tiff, values);
  check_against_gdal(input, *tiff, values);
  check_round_trip(output, *tiff, values, tags);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const terranav::fuzz::ScratchFile input("plain.tif");
  static const terranav::fuzz::ScratchFile output("plain-out.tif");
  gdal_tag_extender();  // GDAL's definitions exist before the first input
  const RemoveAfter remove{input.path(), output.path()};
  input.write(data, size);
  check(input.path(), output.path(), Tags::Anonymous);
  check(input.path(), output.path(), Tags::Gdal);
  return 0;
}
