// Where a navcli output came from: terranav's version and commit, the
// command line, the terrain and its hash, the graph and cost settings.
// Conventions: a JSON output carries it as a "provenance" member; a CSV or
// TSV file gets a sidecar FILE.meta.json (the table stays plain for
// pandas.read_csv); a GeoTIFF gets provenance_tags as metadata items.
#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "terrain_options.hpp"

namespace terranav::navcli {

/// What produced an output. Build it with make_provenance.
struct Provenance {
  std::string version;  ///< nav::version(), e.g. "0.2.0"
  std::string commit;   ///< nav::git_commit(); empty outside git
  std::string command;  ///< argv joined by spaces, shell-quoted where needed
  /// The map file as given, or "procedural SIZE seed S".
  std::string input;
  /// Lower-case hex SHA-256 of the map file's bytes; empty for procedural.
  std::string input_sha256;
  /// The cost model: {"name", its parameters, class table and influence
  /// points when given}.
  nlohmann::ordered_json cost_model;
  std::string topology;  ///< "octile8", ...
  /// Rise over run; none where there is no slope limit (--compat r.walk).
  std::optional<double> max_slope;
  /// The tool whose conventions the output follows ("r.walk"); empty: terranav's.
  std::string compat;
  /// The random seed the output depends on (procedural terrain, random
  /// queries or edits), if any.
  std::optional<std::uint32_t> seed;
};

/// Stores the process's command line for every later make_provenance: call
/// once in main, before any command runs (not thread-safe). O(total length).
void set_command_line(std::span<const std::string_view> argv);

/// `arg` as a POSIX shell reads it back: unchanged when it holds only
/// letters, digits and -_./,:=+@%, else in single quotes ('\'' for a quote).
std::string shell_quoted(std::string_view arg);

/// Lower-case hex SHA-256 of the file's bytes (OpenSSL EVP, 64 KiB reads).
/// Throws std::runtime_error naming the file when it cannot be read. O(size).
std::string sha256_file(const std::filesystem::path& file);

/// The cost model as JSON: {"name", its parameters (slope_weight;
/// uphill_weight and downhill_weight; none for tobler and seed), then
/// "class_table" [{name, multiplier or "impassable"}], "classes" (the image
/// file) or "class_bands" [metres], "influence" [[x, z, radius, strength]]
/// when given}. O(classes + influence points).
nlohmann::ordered_json cost_model_json(const CostOptions& cost);

/// The provenance of an output made from these options; `seed` is a
/// command's own seed (the procedural terrain's is taken from `terrain`
/// when there is none). Hashes the map file: O(file size). Throws
/// std::runtime_error when the map cannot be read.
Provenance make_provenance(const TerrainOptions& terrain, const CostOptions& cost,
                           std::optional<std::uint32_t> seed = std::nullopt);

/// {"terranav_version", "git_commit", "command", "input", "input_sha256"
/// (file maps only), "compat" (when set), "cost_model", "topology",
/// "max_slope" (when set), "seed" (when used)}. O(1).
nlohmann::ordered_json provenance_json(const Provenance& provenance);

/// The same as GeoTIFF metadata items: TERRANAV_VERSION, TERRANAV_COMMIT,
/// TERRANAV_COMMAND, TERRANAV_INPUT, TERRANAV_INPUT_SHA256,
/// TERRANAV_COMPAT, TERRANAV_COST_MODEL (its JSON), TERRANAV_TOPOLOGY,
/// TERRANAV_MAX_SLOPE, TERRANAV_SEED; empty values left out. O(1).
std::vector<std::pair<std::string, std::string>> provenance_tags(const Provenance& provenance);

/// `table` + ".meta.json": e.g. "out/sweep.csv.meta.json".
std::filesystem::path meta_path(const std::filesystem::path& table);

/// Writes meta_path(table): {"provenance": ..., then `extra`'s members
/// (e.g. column notes)}. Throws std::runtime_error naming the file when it
/// cannot be written.
void write_meta(const std::filesystem::path& table, const Provenance& provenance,
                const nlohmann::ordered_json& extra = nlohmann::ordered_json::object());

}  // namespace terranav::navcli
