#include "plain_geotiff.hpp"

#include <tiffio.h>
#include <zlib.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <limits>
#include <new>
#include <string_view>
#include <system_error>
#include <utility>

#include "huge_pages.hpp"
#include "terranav/nav/printable_text.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::nav::gdal {
namespace {

// GeoTIFF's tags (GeoTIFF 1.1, OGC 19-008r4, section 7) and keys (section 8).
constexpr ttag_t kPixelScaleTag = 33550;
constexpr ttag_t kTiepointTag = 33922;
constexpr ttag_t kTransformationTag = 34264;
constexpr ttag_t kKeyDirectoryTag = 34735;
constexpr ttag_t kDoubleParamsTag = 34736;
constexpr ttag_t kAsciiParamsTag = 34737;
// A strip's size when writing: 1 MiB. With 64 KiB strips a 1025 x 1025
// Float64 raster took 4.1 ms to write, with 1 MiB 2.5 ms (the kernel's
// page cache takes fewer, larger writes faster).
constexpr std::size_t kStripBytes = std::size_t{1} << 20;
constexpr std::uint16_t kModelTypeKey = 1024;
constexpr std::uint16_t kRasterTypeKey = 1025;
constexpr std::uint16_t kCitationKey = 1026;
constexpr std::uint16_t kGeogCitationKey = 2049;
constexpr std::uint16_t kGeogAngularUnitsKey = 2054;
constexpr std::uint16_t kProjectedCrsKey = 3072;
constexpr std::uint16_t kProjCitationKey = 3073;
constexpr std::uint16_t kProjLinearUnitsKey = 3076;
constexpr std::uint16_t kModelTypeProjected = 1;
constexpr std::uint16_t kRasterPixelIsArea = 1;
constexpr std::uint16_t kLinearMetre = 9001;
// EPSG codes; 32767 is "user-defined".
constexpr std::uint16_t kFirstEpsg = 1024;
constexpr std::uint16_t kLastEpsg = 32766;
// libtiff refuses single allocations above this while reading (a few
// hundred bytes of TIFF can declare gigabytes).
constexpr tmsize_t kMaxAllocation = tmsize_t{256} << 20;

// What libtiff said last, for the error that names the file.
int keep_message(TIFF*, void* user_data, const char* module, const char* format, va_list args) {
  std::array<char, 512> text{};
  std::vsnprintf(text.data(), text.size(), format, args);
  auto& message = *static_cast<std::string*>(user_data);
  message = (module != nullptr && *module != '\0' ? std::string(module) + ": " : std::string()) +
            text.data();
  return 1;  // handled: not printed
}
// Counts libtiff's warnings but those for the tags it does not know (the
// GeoTIFF tags, read as anonymous fields): a tag it dropped for its type,
// say, is one GDAL may still read, so such a file is GDAL's to judge.
int count_warning(TIFF*, void* user_data, const char*, const char* format, va_list args) {
  std::array<char, 512> text{};
  std::vsnprintf(text.data(), text.size(), format, args);
  if (std::string_view(text.data()).find("Unknown field with tag") == std::string_view::npos) {
    ++*static_cast<int*>(user_data);
  }
  return 1;  // handled: not printed
}

// libtiff's open options: errors kept in `message`, warnings counted in
// `warnings`, allocations bounded. The handle keeps the two addresses, so
// both must outlive it.
struct Options {
  Options(std::string& message, int& warnings) : options(TIFFOpenOptionsAlloc()) {
    if (options == nullptr) throw std::bad_alloc();
    TIFFOpenOptionsSetErrorHandlerExtR(options, keep_message, &message);
    TIFFOpenOptionsSetWarningHandlerExtR(options, count_warning, &warnings);
    TIFFOpenOptionsSetMaxSingleMemAlloc(options, kMaxAllocation);
  }
  Options(const Options&) = delete;
  Options& operator=(const Options&) = delete;
  ~Options() { TIFFOpenOptionsFree(options); }
  TIFFOpenOptions* options;
};

// A counted tag's values (GeoTIFF's tags are read as libtiff's anonymous
// fields, or as libgeotiff's when GDAL registered them: their count types differ).
template <typename T>
std::optional<std::span<const T>> counted(TIFF* tif, ttag_t tag) {
  const TIFFField* field = TIFFFindField(tif, tag, TIFF_ANY);
  if (field == nullptr || !TIFFFieldPassCount(field)) return std::nullopt;
  const T* data = nullptr;
  if (TIFFFieldReadCount(field) == TIFF_VARIABLE2) {
    std::uint32_t count = 0;
    if (TIFFGetField(tif, tag, &count, &data) != 1 || data == nullptr) return std::nullopt;
    return std::span<const T>(data, count);
  }
  std::uint16_t count = 0;
  if (TIFFGetField(tif, tag, &count, &data) != 1 || data == nullptr) return std::nullopt;
  return std::span<const T>(data, count);
}

// Whether the tag is present with the expected type (a byte-sized count
// read with the wrong element type would be garbage).
bool has_type(TIFF* tif, ttag_t tag, TIFFDataType type) {
  const TIFFField* field = TIFFFindField(tif, tag, TIFF_ANY);
  return field != nullptr && TIFFFieldDataType(field) == type;
}

// An ASCII tag's text: libtiff's own tags and libgeotiff's pass no count,
// anonymous ones do.
std::optional<std::string> ascii_tag(TIFF* tif, ttag_t tag) {
  const TIFFField* field = TIFFFindField(tif, tag, TIFF_ANY);
  if (field == nullptr || TIFFFieldDataType(field) != TIFF_ASCII) return std::nullopt;
  if (TIFFFieldPassCount(field)) {
    const auto text = counted<char>(tif, tag);
    if (!text) return std::nullopt;
    // Up to the first NUL, as libtiff and libgeotiff read it.
    const auto end = std::find(text->begin(), text->end(), '\0');
    return std::string(text->begin(), end);
  }
  const char* text = nullptr;
  if (TIFFGetField(tif, tag, &text) != 1 || text == nullptr) return std::nullopt;
  return std::string(text);
}

// GDAL's name of a sample format, or empty for one this reader leaves to GDAL.
std::string type_name(std::uint16_t bits, std::uint16_t format) {
  if (format == SAMPLEFORMAT_IEEEFP) return bits == 32 ? "Float32" : bits == 64 ? "Float64" : "";
  if (format == SAMPLEFORMAT_UINT) {
    return bits == 8 ? "Byte" : bits == 16 ? "UInt16" : bits == 32 ? "UInt32" : "";
  }
  if (format == SAMPLEFORMAT_INT) return bits == 16 ? "Int16" : bits == 32 ? "Int32" : "";
  return "";
}

// The keys' EPSG code when they name a projected CRS in metres, pixel is
// area, every key's value lies where it says (inline, or within the double
// or ASCII parameters), and nothing GDAL might weigh against the code; else 0.
int projected_epsg(std::span<const std::uint16_t> dir, std::size_t doubles, std::size_t ascii) {
  // Header: version 1, revision 1, minor revision, number of keys.
  if (dir.size() < 4 || dir[0] != 1 || dir[1] != 1) return 0;
  const std::size_t keys = dir[3];
  if (dir.size() < 4 * (keys + 1)) return 0;
  bool projected = false;
  bool metres = false;
  int epsg = 0;
  for (std::size_t k = 1; k <= keys; ++k) {
    const std::uint16_t id = dir[4 * k];
    const std::uint16_t location = dir[4 * k + 1];
    const std::uint16_t count = dir[4 * k + 2];
    const std::uint16_t value = dir[4 * k + 3];
    const std::size_t end = std::size_t{value} + count;
    const bool placed = location == 0                  ? count == 1
                        : location == kDoubleParamsTag ? end <= doubles
                        : location == kAsciiParamsTag  ? end <= ascii
                                                       : false;
    if (!placed) return 0;  // GDAL calls such keys corrupt and ignores them all
    const bool inline_short = location == 0;
    switch (id) {
      case kModelTypeKey:
        projected = inline_short && value == kModelTypeProjected;
        break;
      case kRasterTypeKey:
        if (!(inline_short && value == kRasterPixelIsArea)) return 0;
        break;
      case kProjectedCrsKey:
        if (inline_short && value >= kFirstEpsg && value <= kLastEpsg) epsg = value;
        break;
      case kProjLinearUnitsKey:
        metres = inline_short && value == kLinearMetre;
        break;
      case kCitationKey:
      case kGeogCitationKey:
      case kProjCitationKey:
      case kGeogAngularUnitsKey:
        break;  // names and the base CRS's angle unit: the code decides
      default:
        return 0;
    }
  }
  return projected && metres ? epsg : 0;
}

// GDAL's nodata number: the whole text, as strtod reads it (nan included);
// none for anything else.
std::optional<double> nodata_value(std::string_view text) {
  double value = 0.0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// Whether nodata `value` is NaN or a value of GDAL type `name` as it stands
// (GDAL adjusts others, e.g. a Float32 band's beyond FLT_MAX to infinity).
bool fits(double value, const std::string& name) {
  if (std::isnan(value)) return true;
  if (name == "Float64") return std::isfinite(value);
  if (name == "Float32") return std::abs(value) < 3.4e38;
  const auto [lo, hi] = name == "Byte"     ? std::pair{0.0, 255.0}
                        : name == "UInt16" ? std::pair{0.0, 65535.0}
                        : name == "Int16"  ? std::pair{-32768.0, 32767.0}
                        : name == "UInt32" ? std::pair{0.0, 4294967295.0}
                                           : std::pair{-2147483648.0, 2147483647.0};
  return value >= lo && value <= hi && value == std::trunc(value);
}

// Converts `count` samples of GDAL type `name` at `from` to doubles.
void to_doubles(const std::string& name, const unsigned char* from, std::size_t count, double* to) {
  const auto convert = [&]<typename T>(T) {
    for (std::size_t k = 0; k < count; ++k) {
      T v;
      std::memcpy(&v, from + k * sizeof(T), sizeof(T));
      to[k] = static_cast<double>(v);
    }
  };
  if (name == "Byte") convert(std::uint8_t{});
  if (name == "UInt16") convert(std::uint16_t{});
  if (name == "Int16") convert(std::int16_t{});
  if (name == "UInt32") convert(std::uint32_t{});
  if (name == "Int32") convert(std::int32_t{});
  if (name == "Float32") convert(float{});
  if (name == "Float64") convert(double{});
}

[[noreturn]] void fail(const std::filesystem::path& file, const std::string& problem) {
  throw Error(printable_text(file.string()) + ": " + problem);
}

bool deflate(std::uint16_t compression) {
  return compression == COMPRESSION_ADOBE_DEFLATE || compression == COMPRESSION_DEFLATE;
}

// libtiff 4.5 reports a whole strip for a Deflate stream that ends early or
// runs on (the tail unwritten, the rest dropped), where GDAL's reads differ:
// the stream must inflate to exactly the strip's bytes, its checksum right.
// `raw` and `out` are scratch. Throws Error naming the file otherwise.
void check_deflate(TIFF* tif, std::uint32_t strip, std::size_t want,
                   std::vector<unsigned char>& raw, std::vector<unsigned char>& out,
                   const std::filesystem::path& file) {
  const std::uint64_t size = TIFFGetStrileByteCount(tif, strip);
  const auto corrupt = [&] {
    fail(file,
         "cannot read band 1 (strip " + std::to_string(strip) + ": its Deflate stream is corrupt)");
  };
  if (size > static_cast<std::uint64_t>(kMaxAllocation) ||
      size > std::numeric_limits<uInt>::max()) {
    corrupt();
  }
  raw.resize(static_cast<std::size_t>(size));
  if (TIFFReadRawStrip(tif, strip, raw.data(), static_cast<tmsize_t>(size)) !=
      static_cast<tmsize_t>(size)) {
    corrupt();
  }
  out.resize(want + 1);  // one byte more: a stream that runs on fills it
  z_stream z{};
  if (inflateInit(&z) != Z_OK) throw std::bad_alloc();
  z.next_in = raw.data();
  z.avail_in = static_cast<uInt>(size);
  z.next_out = out.data();
  z.avail_out = static_cast<uInt>(out.size());
  const int result = inflate(&z, Z_FINISH);
  const bool whole = result == Z_STREAM_END && z.total_out == want;
  inflateEnd(&z);
  if (!whole) corrupt();
}

}  // namespace

struct PlainGeoTiff::File {
  std::string message;
  int warnings = 0;
  TIFF* tif = nullptr;
  // The strip decoded last (read_band1_rows asks for rows, not strips), its
  // index (-1: none); its samples are in `inflated` for Deflate without a
  // predictor, else in `strip`.
  std::int64_t decoded = -1;
  std::vector<unsigned char> strip;
  std::vector<unsigned char> raw;
  std::vector<unsigned char> inflated;
  ~File() {
    if (tif != nullptr) TIFFClose(tif);
  }
};

PlainGeoTiff::~PlainGeoTiff() = default;

std::unique_ptr<PlainGeoTiff> PlainGeoTiff::open(const std::filesystem::path& file) {
  std::error_code ec;
  // GDAL takes a .aux.xml's georeferencing, nodata and scale over the file's.
  if (!std::filesystem::is_regular_file(file, ec) ||
      std::filesystem::exists(file.string() + ".aux.xml", ec)) {
    return nullptr;
  }
  std::unique_ptr<PlainGeoTiff> out(new PlainGeoTiff);
  out->path_ = file;
  out->file_ = std::make_unique<File>();
  {
    const Options options(out->file_->message, out->file_->warnings);
    out->file_->tif = TIFFOpenExt(file.c_str(), "r", options.options);
  }
  TIFF* const tif = out->file_->tif;
  // Any error or warning while opening (a broken directory, a tag dropped)
  // is GDAL's to judge.
  if (tif == nullptr || !out->file_->message.empty() || out->file_->warnings > 0 ||
      TIFFIsTiled(tif)) {
    return nullptr;
  }
  std::uint32_t width = 0;
  std::uint32_t depth = 0;
  std::uint16_t samples = 1;
  std::uint16_t bits = 1;
  std::uint16_t format = SAMPLEFORMAT_UINT;
  std::uint16_t photometric = 0;
  std::uint16_t compression = COMPRESSION_NONE;
  if (TIFFGetField(tif, TIFFTAG_IMAGEWIDTH, &width) != 1 ||
      TIFFGetField(tif, TIFFTAG_IMAGELENGTH, &depth) != 1 ||
      TIFFGetField(tif, TIFFTAG_PHOTOMETRIC, &photometric) != 1) {
    return nullptr;
  }
  TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLESPERPIXEL, &samples);
  TIFFGetFieldDefaulted(tif, TIFFTAG_BITSPERSAMPLE, &bits);
  TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLEFORMAT, &format);
  TIFFGetFieldDefaulted(tif, TIFFTAG_COMPRESSION, &compression);
  constexpr auto kMaxSide = static_cast<std::uint32_t>(std::numeric_limits<int>::max());
  out->type_name_ = type_name(bits, format);
  if (width < 1 || depth < 1 || width > kMaxSide || depth > kMaxSide || samples != 1 ||
      photometric != PHOTOMETRIC_MINISBLACK || out->type_name_.empty() ||
      !(compression == COMPRESSION_NONE || deflate(compression))) {
    return nullptr;
  }
  out->width_ = static_cast<int>(width);
  out->depth_ = static_cast<int>(depth);
  out->sample_bytes_ = bits / 8;
  out->deflate_ = deflate(compression);
  if (out->deflate_) {
    std::uint16_t predictor = PREDICTOR_NONE;
    TIFFGetFieldDefaulted(tif, TIFFTAG_PREDICTOR, &predictor);
    out->predictor_ = predictor != PREDICTOR_NONE;
  }
  // Strips missing from the offset or byte-count arrays (libtiff pads them
  // with 0; GDAL reads them as empty blocks or fails): GDAL's to judge.
  for (std::uint32_t strip = 0; strip < TIFFNumberOfStrips(tif); ++strip) {
    if (TIFFGetStrileOffset(tif, strip) == 0 || TIFFGetStrileByteCount(tif, strip) == 0) {
      return nullptr;
    }
  }

  // Georeferencing: a pixel scale and one tiepoint at pixel (0, 0).
  if (counted<double>(tif, kTransformationTag)) return nullptr;
  if (!has_type(tif, kPixelScaleTag, TIFF_DOUBLE) || !has_type(tif, kTiepointTag, TIFF_DOUBLE) ||
      !has_type(tif, kKeyDirectoryTag, TIFF_SHORT)) {
    return nullptr;
  }
  const auto scale = counted<double>(tif, kPixelScaleTag);
  const auto tie = counted<double>(tif, kTiepointTag);
  const auto dir = counted<std::uint16_t>(tif, kKeyDirectoryTag);
  if (!scale || !tie || !dir || scale->size() < 2 || tie->size() != 6 || (*tie)[0] != 0.0 ||
      (*tie)[1] != 0.0 || !((*scale)[0] > 0.0) || !((*scale)[1] > 0.0) ||
      !std::isfinite((*scale)[0]) || !std::isfinite((*scale)[1]) || !std::isfinite((*tie)[3]) ||
      !std::isfinite((*tie)[4])) {
    return nullptr;
  }
  out->geotransform_ =
      std::array<double, 6>{(*tie)[3], (*scale)[0], 0.0, (*tie)[4], 0.0, -(*scale)[1]};
  out->keys_.directory.assign(dir->begin(), dir->end());
  if (TIFFFindField(tif, kDoubleParamsTag, TIFF_ANY) != nullptr) {
    if (!has_type(tif, kDoubleParamsTag, TIFF_DOUBLE)) return nullptr;
    if (const auto doubles = counted<double>(tif, kDoubleParamsTag)) {
      out->keys_.doubles.assign(doubles->begin(), doubles->end());
    }
  }
  if (TIFFFindField(tif, kAsciiParamsTag, TIFF_ANY) != nullptr) {
    if (!has_type(tif, kAsciiParamsTag, TIFF_ASCII)) return nullptr;
    if (const auto ascii = ascii_tag(tif, kAsciiParamsTag)) out->keys_.ascii = *ascii;
  }
  out->epsg_ = projected_epsg(*dir, out->keys_.doubles.size(), out->keys_.ascii.size());
  if (out->epsg_ == 0) return nullptr;

  // GDAL's own tags, ASCII: one of another type (anonymous, as libtiff
  // read it) GDAL may still read as text, so it is GDAL's to judge.
  for (const ttag_t tag : {TIFFTAG_GDAL_METADATA, TIFFTAG_GDAL_NODATA}) {
    if (TIFFFindField(tif, tag, TIFF_ANY) != nullptr && !has_type(tif, tag, TIFF_ASCII)) {
      return nullptr;
    }
  }
  // GDAL's own tags: scale, offset and signed bytes live in its metadata.
  if (const auto metadata = ascii_tag(tif, TIFFTAG_GDAL_METADATA)) {
    const std::string_view m(*metadata);
    if (m.find("role=\"scale\"") != std::string_view::npos ||
        m.find("role=\"offset\"") != std::string_view::npos ||
        m.find("PIXELTYPE") != std::string_view::npos) {
      return nullptr;
    }
  }
  if (const auto nodata = ascii_tag(tif, TIFFTAG_GDAL_NODATA)) {
    out->nodata_ = nodata_value(*nodata);
    if (!out->nodata_ || !fits(*out->nodata_, out->type_name_)) return nullptr;
  }
  return out;
}

std::optional<Crs> PlainGeoTiff::crs() const {
  Crs crs;
  crs.epsg = epsg_;
  crs.linear_unit_name = "metre";
  return crs;
}

std::vector<double> PlainGeoTiff::read_band1_f64() const {
  std::vector<double> values;
  detail::assign_on_huge_pages(
      values, static_cast<std::size_t>(width_) * static_cast<std::size_t>(depth_), 0.0);
  read_band1_rows(0, values);
  return values;
}

void PlainGeoTiff::read_band1_rows(int first_row, std::span<double> rows) const {
  const std::size_t w = static_cast<std::size_t>(width_);
  const std::size_t count = rows.size() / w;
  if (first_row < 0 || first_row > depth_ || rows.size() % w != 0 ||
      count > static_cast<std::size_t>(depth_ - first_row)) {
    fail(path_, "cannot read " + std::to_string(rows.size()) + " samples from row " +
                    std::to_string(first_row) + " (" + std::to_string(width_) + " x " +
                    std::to_string(depth_) + " samples)");
  }
  File& f = *file_;
  TIFF* const tif = f.tif;
  std::uint32_t rows_per_strip = 0;
  TIFFGetFieldDefaulted(tif, TIFFTAG_ROWSPERSTRIP, &rows_per_strip);
  rows_per_strip = std::clamp<std::uint32_t>(rows_per_strip, 1, static_cast<std::uint32_t>(depth_));
  const tmsize_t strip_bytes = TIFFStripSize(tif);
  if (strip_bytes <= 0 ||
      static_cast<std::size_t>(strip_bytes) < w * rows_per_strip * sample_bytes_) {
    fail(path_, "cannot read band 1 (strip size " + std::to_string(strip_bytes) + " bytes)");
  }
  const auto last = static_cast<std::uint32_t>(first_row) + static_cast<std::uint32_t>(count);
  for (auto row = static_cast<std::uint32_t>(first_row); row < last;) {
    const std::uint32_t index = TIFFComputeStrip(tif, row, 0);
    const std::uint32_t strip_row = row - row % rows_per_strip;
    const std::uint32_t strip_rows =
        std::min<std::uint32_t>(rows_per_strip, static_cast<std::uint32_t>(depth_) - strip_row);
    if (f.decoded != index) decode_strip(index, strip_rows);
    const unsigned char* samples = deflate_ && !predictor_ ? f.inflated.data() : f.strip.data();
    const std::uint32_t take = std::min(last, strip_row + strip_rows) - row;
    to_doubles(type_name_, samples + (row - strip_row) * w * sample_bytes_, w * take,
               rows.data() + (row - static_cast<std::uint32_t>(first_row)) * w);
    row += take;
  }
}

void PlainGeoTiff::decode_strip(std::uint32_t index, std::uint32_t rows) const {
  File& f = *file_;
  TIFF* const tif = f.tif;
  f.decoded = -1;
  const auto want = static_cast<tmsize_t>(static_cast<std::size_t>(width_) * rows * sample_bytes_);
  if (deflate_) {
    check_deflate(tif, index, static_cast<std::size_t>(want), f.raw, f.inflated, path_);
    if (!predictor_) {
      // The inflated bytes are the samples: libtiff would inflate them
      // again only to swap their bytes for a file of the other byte order.
      if (TIFFIsByteSwapped(tif) != 0) {
        for (std::size_t k = 0; k < static_cast<std::size_t>(want); k += sample_bytes_) {
          std::reverse(f.inflated.begin() + static_cast<std::ptrdiff_t>(k),
                       f.inflated.begin() + static_cast<std::ptrdiff_t>(k + sample_bytes_));
        }
      }
      f.decoded = index;
      return;
    }
  }
  f.strip.resize(static_cast<std::size_t>(TIFFStripSize(tif)));
  f.message.clear();
  if (TIFFReadEncodedStrip(tif, index, f.strip.data(), want) != want) {
    fail(path_, "cannot read band 1 (" +
                    printable_text(f.message.empty() ? "strip " + std::to_string(index) +
                                                           " is short: the file is cut"
                                                     : f.message) +
                    ")");
  }
  f.decoded = index;
}

namespace {

// Our definitions of GeoTIFF's tags and GDAL's two, for writing (libtiff
// defines none of them for writing; readers such as GDAL find them by number).
const std::array<TIFFFieldInfo, 7> kGeoTiffFields = {{
    {kPixelScaleTag, TIFF_VARIABLE2, TIFF_VARIABLE2, TIFF_DOUBLE, FIELD_CUSTOM, 1, 1,
     const_cast<char*>("ModelPixelScaleTag")},
    {kTiepointTag, TIFF_VARIABLE2, TIFF_VARIABLE2, TIFF_DOUBLE, FIELD_CUSTOM, 1, 1,
     const_cast<char*>("ModelTiepointTag")},
    {kKeyDirectoryTag, TIFF_VARIABLE2, TIFF_VARIABLE2, TIFF_SHORT, FIELD_CUSTOM, 1, 1,
     const_cast<char*>("GeoKeyDirectoryTag")},
    {kDoubleParamsTag, TIFF_VARIABLE2, TIFF_VARIABLE2, TIFF_DOUBLE, FIELD_CUSTOM, 1, 1,
     const_cast<char*>("GeoDoubleParamsTag")},
    {kAsciiParamsTag, -1, -1, TIFF_ASCII, FIELD_CUSTOM, 1, 0,
     const_cast<char*>("GeoAsciiParamsTag")},
    {TIFFTAG_GDAL_METADATA, -1, -1, TIFF_ASCII, FIELD_CUSTOM, 1, 0,
     const_cast<char*>("GDALMetadata")},
    {TIFFTAG_GDAL_NODATA, -1, -1, TIFF_ASCII, FIELD_CUSTOM, 1, 0,
     const_cast<char*>("GDALNoDataValue")},
}};

// Text as XML character data: GDAL escapes an item's value once itself and
// once more as XML (and unescapes it twice), and drops control characters
// other than tab, newline and return.
std::string xml_escaped(std::string_view text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        if (static_cast<unsigned char>(c) >= 0x20 || c == '\t' || c == '\n' || c == '\r') {
          out += c;
        }
    }
  }
  return out;
}

// GDAL_NODATA: the shortest text that reads back as the same double, "nan"
// for NaN (as GDAL writes it).
std::string nodata_text(double value) {
  if (std::isnan(value)) return "nan";
  std::array<char, 32> text{};
  const auto end = std::to_chars(text.data(), text.data() + text.size(), value).ptr;
  return std::string(text.data(), end);
}

void write_tags(TIFF* tif, const GeoTiffSpec& spec, std::uint16_t bits,
                std::uint32_t rows_per_strip) {
  const auto& gt = spec.geotransform;
  const std::array<double, 3> scale = {gt[1], -gt[5], 0.0};
  const std::array<double, 6> tie = {0.0, 0.0, 0.0, gt[0], gt[3], 0.0};
  const GeoTiffKeys& keys = spec.geokeys;
  std::string metadata = "<GDALMetadata>\n";
  for (const auto& [key, value] : spec.tags) {
    metadata += "  <Item name=\"" + xml_escaped(key) + "\">" + xml_escaped(xml_escaped(value)) +
                "</Item>\n";
  }
  metadata += "</GDALMetadata>";
  const std::string nodata = nodata_text(spec.nodata);
  const bool ok =
      TIFFSetField(tif, TIFFTAG_IMAGEWIDTH, static_cast<std::uint32_t>(spec.width)) == 1 &&
      TIFFSetField(tif, TIFFTAG_IMAGELENGTH, static_cast<std::uint32_t>(spec.depth)) == 1 &&
      TIFFSetField(tif, TIFFTAG_BITSPERSAMPLE, bits) == 1 &&
      TIFFSetField(tif, TIFFTAG_SAMPLESPERPIXEL, 1) == 1 &&
      TIFFSetField(tif, TIFFTAG_SAMPLEFORMAT, SAMPLEFORMAT_IEEEFP) == 1 &&
      TIFFSetField(tif, TIFFTAG_PHOTOMETRIC, PHOTOMETRIC_MINISBLACK) == 1 &&
      TIFFSetField(tif, TIFFTAG_PLANARCONFIG, PLANARCONFIG_CONTIG) == 1 &&
      TIFFSetField(tif, TIFFTAG_COMPRESSION, COMPRESSION_NONE) == 1 &&
      TIFFSetField(tif, TIFFTAG_ROWSPERSTRIP, rows_per_strip) == 1 &&
      TIFFSetField(tif, kPixelScaleTag, std::uint32_t{3}, scale.data()) == 1 &&
      TIFFSetField(tif, kTiepointTag, std::uint32_t{6}, tie.data()) == 1 &&
      TIFFSetField(tif, kKeyDirectoryTag, static_cast<std::uint32_t>(keys.directory.size()),
                   keys.directory.data()) == 1 &&
      (keys.doubles.empty() ||
       TIFFSetField(tif, kDoubleParamsTag, static_cast<std::uint32_t>(keys.doubles.size()),
                    keys.doubles.data()) == 1) &&
      (keys.ascii.empty() || TIFFSetField(tif, kAsciiParamsTag, keys.ascii.c_str()) == 1) &&
      (spec.tags.empty() || TIFFSetField(tif, TIFFTAG_GDAL_METADATA, metadata.c_str()) == 1) &&
      TIFFSetField(tif, TIFFTAG_GDAL_NODATA, nodata.c_str()) == 1;
  if (!ok) throw Error("cannot set the tags");
}

void write_rows(TIFF* tif, const GeoTiffSpec& spec, std::span<const double> values,
                std::uint32_t rows_per_strip) {
  const auto w = static_cast<std::size_t>(spec.width);
  std::vector<float> strip32(spec.type == SampleType::Float32 ? w * rows_per_strip : 0);
  for (std::uint32_t row = 0, strip = 0; row < static_cast<std::uint32_t>(spec.depth);
       row += rows_per_strip, ++strip) {
    const std::size_t count =
        w * std::min<std::uint32_t>(rows_per_strip, static_cast<std::uint32_t>(spec.depth) - row);
    const double* first = values.data() + row * w;
    // A strip of doubles is written from the values themselves (native byte
    // order: libtiff does not change them), not copied row by row.
    void* data = const_cast<double*>(first);
    tmsize_t bytes = static_cast<tmsize_t>(count * sizeof(double));
    if (spec.type == SampleType::Float32) {
      std::transform(first, first + count, strip32.begin(),
                     [](double v) { return static_cast<float>(v); });
      data = strip32.data();
      bytes = static_cast<tmsize_t>(count * sizeof(float));
    }
    if (TIFFWriteEncodedStrip(tif, strip, data, bytes) != bytes) {
      throw Error("cannot write the strip from row " + std::to_string(row));
    }
  }
}

}  // namespace

void write_plain_geotiff(const std::filesystem::path& file, const GeoTiffSpec& spec,
                         std::span<const double> values) {
  const auto& gt = spec.geotransform;
  if (!(gt[1] > 0.0 && gt[5] < 0.0 && gt[2] == 0.0 && gt[4] == 0.0)) {
    fail(file, "cannot write a rotated or not north-up raster as a plain GeoTIFF");
  }
  const std::uint16_t bits = spec.type == SampleType::Float32 ? 32 : 64;
  const auto rows_per_strip = std::max<std::uint32_t>(
      1,
      static_cast<std::uint32_t>(kStripBytes / (static_cast<std::size_t>(spec.width) * bits / 8)));
  const double bytes = static_cast<double>(spec.width) * spec.depth * (bits / 8);
  std::string message;
  int warnings = 0;  // writing: none expected, none that matters
  TIFF* tif = nullptr;
  {
    const Options options(message, warnings);
    // Classic TIFF's offsets are 32-bit: BigTIFF for larger rasters.
    tif = TIFFOpenExt(file.c_str(), bytes > 3.9e9 ? "w8" : "w", options.options);
  }
  if (tif == nullptr) fail(file, "cannot create (" + printable_text(message) + ")");
  try {
    if (TIFFMergeFieldInfo(tif, kGeoTiffFields.data(), kGeoTiffFields.size()) != 0) {
      throw Error("cannot define GeoTIFF's tags");
    }
    write_tags(tif, spec, bits, rows_per_strip);
    write_rows(tif, spec, values, rows_per_strip);
    if (TIFFWriteDirectory(tif) != 1) throw Error("cannot write the directory");
  } catch (const Error& e) {
    TIFFClose(tif);
    std::error_code ignored;
    std::filesystem::remove(file, ignored);  // no half-written raster left behind
    fail(file,
         std::string(e.what()) + (message.empty() ? "" : " (" + printable_text(message) + ")"));
  }
  TIFFClose(tif);
  if (!message.empty()) {
    std::error_code ignored;
    std::filesystem::remove(file, ignored);
    fail(file, "cannot finish writing (" + printable_text(message) + ")");
  }
}

}  // namespace terranav::nav::gdal
