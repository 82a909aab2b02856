// A linked GLSL program loaded from files, with its uniform locations cached.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <glm/glm.hpp>

#include "terranav/engine/gl/gl_object.hpp"

namespace terranav::engine {

class ShaderProgram {
 public:
  /// Reads, compiles and links `vertex` and `fragment` (GLSL 330 core), with
  /// `#define NAME` for each of `defines` after each file's `#version` line
  /// (a variant of one source), then caches every active uniform's location.
  /// Throws nav::Error naming the file (and the driver's log, on one line)
  /// for a missing file, a compile error or a link error. Needs a current GL
  /// context.
  ShaderProgram(const std::filesystem::path& vertex, const std::filesystem::path& fragment,
                const std::vector<std::string>& defines = {});

  void use() const { glUseProgram(program_.id()); }
  /// Location of an active uniform, -1 if the program has none of that name
  /// (setting -1 is a GL no-op). O(1) hash lookup.
  GLint uniform(std::string_view name) const;

  void set(std::string_view name, const glm::mat4& value) const;
  void set(std::string_view name, const glm::mat3& value) const;
  void set(std::string_view name, const glm::vec3& value) const;
  void set(std::string_view name, const glm::vec4& value) const;
  void set(std::string_view name, float value) const;
  void set(std::string_view name, int value) const;

 private:
  Program program_;
  std::unordered_map<std::string, GLint> uniforms_;
};

}  // namespace terranav::engine
