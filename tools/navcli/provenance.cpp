#include "provenance.hpp"

#include <openssl/evp.h>

#include <algorithm>
#include <array>
#include <fstream>
#include <memory>
#include <stdexcept>

#include "terranav/nav/version.hpp"
#include "text_output.hpp"

namespace terranav::navcli {
namespace {

// Written once by main before any command runs, read by make_provenance.
std::string& stored_command_line() {
  static std::string line;
  return line;
}

bool shell_safe(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         std::string_view("-_./,:=+@%").find(c) != std::string_view::npos;
}

std::string hex(std::span<const unsigned char> bytes) {
  constexpr std::string_view kDigits = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (const unsigned char b : bytes) {
    out += kDigits[b >> 4];
    out += kDigits[b & 0xf];
  }
  return out;
}

}  // namespace

void set_command_line(std::span<const std::string_view> argv) {
  std::string line;
  for (const std::string_view arg : argv) {
    if (!line.empty()) line += ' ';
    line += shell_quoted(arg);
  }
  stored_command_line() = std::move(line);
}

std::string shell_quoted(std::string_view arg) {
  if (!arg.empty() && std::all_of(arg.begin(), arg.end(), shell_safe)) return std::string(arg);
  std::string out = "'";
  for (const char c : arg) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

std::string sha256_file(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error(file.string() + ": cannot read it to hash it");
  const std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> context(EVP_MD_CTX_new(),
                                                                        &EVP_MD_CTX_free);
  if (!context || EVP_DigestInit_ex(context.get(), EVP_sha256(), nullptr) != 1) {
    throw std::runtime_error("SHA-256: OpenSSL could not start a digest");
  }
  std::array<char, 1 << 16> buffer{};
  while (in) {
    in.read(buffer.data(), buffer.size());
    if (EVP_DigestUpdate(context.get(), buffer.data(), static_cast<std::size_t>(in.gcount())) !=
        1) {
      throw std::runtime_error("SHA-256: OpenSSL failed on " + file.string());
    }
  }
  if (in.bad()) throw std::runtime_error(file.string() + ": read error while hashing it");
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int length = 0;
  if (EVP_DigestFinal_ex(context.get(), digest.data(), &length) != 1) {
    throw std::runtime_error("SHA-256: OpenSSL failed on " + file.string());
  }
  return hex(std::span(digest.data(), length));
}

nlohmann::ordered_json cost_model_json(const CostOptions& cost) {
  const nav::CostModel& model = cost.model;
  nlohmann::ordered_json out = {{"name", nav::to_string(model.kind)}};
  switch (model.kind) {
    case nav::CostModelKind::Reference:
      out["slope_weight"] = model.slope_weight;
      break;
    case nav::CostModelKind::UphillDownhill:
      out["uphill_weight"] = model.uphill_weight;
      out["downhill_weight"] = model.downhill_weight;
      break;
    case nav::CostModelKind::WalkingTime:
      out["walk_coeff"] = {model.walk.a, model.walk.b, model.walk.c, model.walk.d};
      out["slope_factor"] = model.walk.slope_factor;
      break;
    case nav::CostModelKind::Seed:
    case nav::CostModelKind::Tobler:
      break;
  }
  if (!cost.class_table.empty()) {
    nlohmann::ordered_json table = nlohmann::ordered_json::array();
    for (const nav::TerrainClass& c : cost.class_table) {
      table.push_back({{"name", c.name},
                       {"multiplier", c.impassable ? nlohmann::ordered_json("impassable")
                                                   : nlohmann::ordered_json(c.multiplier)}});
    }
    out["class_table"] = table;
    if (cost.class_bands.empty()) {
      out["classes"] = cost.class_image.string();
    } else {
      nlohmann::ordered_json bands = nlohmann::ordered_json::array();
      for (const nav::HeightBand& band : cost.class_bands) bands.push_back(band.below_m);
      out["class_bands"] = bands;
    }
  }
  if (!cost.influence.empty()) {
    nlohmann::ordered_json points = nlohmann::ordered_json::array();
    for (const nav::InfluencePoint& p : cost.influence) {
      points.push_back({p.x_m, p.z_m, p.radius_m, p.strength});
    }
    out["influence"] = points;
  }
  return out;
}

Provenance make_provenance(const TerrainOptions& terrain, const CostOptions& cost,
                           std::optional<std::uint32_t> seed) {
  Provenance p;
  p.version = std::string(nav::version());
  p.commit = std::string(nav::git_commit());
  p.command = stored_command_line();
  if (const auto& procedural = terrain.request.procedural) {
    p.input = "procedural " + std::to_string(procedural->size) + " seed " +
              std::to_string(procedural->seed);
    if (!seed) seed = procedural->seed;
  } else {
    p.input = terrain.request.map.string();
    p.input_sha256 = sha256_file(terrain.request.map);
  }
  p.cost_model = cost_model_json(cost);
  p.topology = std::string(nav::to_string(terrain.config.topology));
  p.max_slope = terrain.config.max_slope;
  p.seed = seed;
  return p;
}

nlohmann::ordered_json provenance_json(const Provenance& p) {
  nlohmann::ordered_json out = {{"terranav_version", p.version},
                                {"git_commit", p.commit},
                                {"command", p.command},
                                {"input", p.input}};
  if (!p.input_sha256.empty()) out["input_sha256"] = p.input_sha256;
  if (!p.compat.empty()) out["compat"] = p.compat;
  out["cost_model"] = p.cost_model;
  out["topology"] = p.topology;
  if (p.max_slope) out["max_slope"] = *p.max_slope;
  if (p.seed) out["seed"] = *p.seed;
  return out;
}

std::vector<std::pair<std::string, std::string>> provenance_tags(const Provenance& p) {
  std::vector<std::pair<std::string, std::string>> tags = {
      {"TERRANAV_VERSION", p.version},
      {"TERRANAV_COMMIT", p.commit},
      {"TERRANAV_COMMAND", p.command},
      {"TERRANAV_INPUT", p.input},
      {"TERRANAV_INPUT_SHA256", p.input_sha256},
      {"TERRANAV_COMPAT", p.compat},
      {"TERRANAV_COST_MODEL", p.cost_model.dump()},
      {"TERRANAV_TOPOLOGY", p.topology},
      {"TERRANAV_MAX_SLOPE", p.max_slope ? shortest(*p.max_slope) : std::string()},
      {"TERRANAV_SEED", p.seed ? std::to_string(*p.seed) : std::string()}};
  std::erase_if(tags, [](const auto& tag) { return tag.second.empty(); });
  return tags;
}

std::filesystem::path meta_path(const std::filesystem::path& table) {
  return std::filesystem::path(table.string() + ".meta.json");
}

void write_meta(const std::filesystem::path& table, const Provenance& provenance,
                const nlohmann::ordered_json& extra) {
  nlohmann::ordered_json meta = {{"provenance", provenance_json(provenance)}};
  for (const auto& [key, value] : extra.items()) meta[key] = value;
  const std::filesystem::path file = meta_path(table);
  std::ofstream out(file, std::ios::binary);
  out << meta.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << '\n';
  close_checked(out, file);
}

}  // namespace terranav::navcli
