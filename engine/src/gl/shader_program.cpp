#include "terranav/engine/gl/shader_program.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <vector>

#include <glm/gtc/type_ptr.hpp>

#include "terranav/nav/types.hpp"

namespace terranav::engine {
namespace {

/// The driver's multi-line log as one line.
std::string one_line(std::string log) {
  while (!log.empty() && (log.back() == '\n' || log.back() == '\0')) log.pop_back();
  for (char& c : log) {
    if (c == '\n') c = ' ';
  }
  return log;
}

Shader compile(GLenum stage, const std::filesystem::path& file,
               const std::vector<std::string>& defines) {
  std::ifstream in(file);
  if (!in) throw nav::Error("shader " + file.string() + ": cannot open file");
  std::ostringstream text;
  text << in.rdbuf();
  std::string source = text.str();
  if (!defines.empty()) {
    // After the #version line, which GLSL wants first; #line keeps the
    // driver's line numbers those of the file.
    std::string lines;
    for (const std::string& name : defines) lines += "#define " + name + "\n";
    const std::size_t line_end = source.find('\n');
    if (source.starts_with("#version") && line_end != std::string::npos) {
      source.insert(line_end + 1, lines + "#line 2\n");
    } else {
      source.insert(0, lines + "#line 1\n");
    }
  }
  Shader shader(glCreateShader(stage));
  const char* source_ptr = source.c_str();
  glShaderSource(shader.id(), 1, &source_ptr, nullptr);
  glCompileShader(shader.id());
  GLint ok = GL_FALSE;
  glGetShaderiv(shader.id(), GL_COMPILE_STATUS, &ok);
  if (ok != GL_TRUE) {
    GLint length = 0;
    glGetShaderiv(shader.id(), GL_INFO_LOG_LENGTH, &length);
    std::string log(static_cast<std::size_t>(std::max(length, 1)), '\0');
    glGetShaderInfoLog(shader.id(), length, nullptr, log.data());
    throw nav::Error("shader " + file.string() + ": compile error: " + one_line(log));
  }
  return shader;
}

}  // namespace

ShaderProgram::ShaderProgram(const std::filesystem::path& vertex,
                             const std::filesystem::path& fragment,
                             const std::vector<std::string>& defines)
    : program_(glCreateProgram()) {
  const Shader vs = compile(GL_VERTEX_SHADER, vertex, defines);
  const Shader fs = compile(GL_FRAGMENT_SHADER, fragment, defines);
  glAttachShader(program_.id(), vs.id());
  glAttachShader(program_.id(), fs.id());
  glLinkProgram(program_.id());
  glDetachShader(program_.id(), vs.id());
  glDetachShader(program_.id(), fs.id());
  GLint ok = GL_FALSE;
  glGetProgramiv(program_.id(), GL_LINK_STATUS, &ok);
  if (ok != GL_TRUE) {
    GLint length = 0;
    glGetProgramiv(program_.id(), GL_INFO_LOG_LENGTH, &length);
    std::string log(static_cast<std::size_t>(std::max(length, 1)), '\0');
    glGetProgramInfoLog(program_.id(), length, nullptr, log.data());
    throw nav::Error("shader program " + vertex.string() + " + " + fragment.string() +
                     ": link error: " + one_line(log));
  }
  GLint count = 0;
  glGetProgramiv(program_.id(), GL_ACTIVE_UNIFORMS, &count);
  std::vector<char> name(256);
  for (GLint k = 0; k < count; ++k) {
    GLsizei length = 0;
    GLint size = 0;
    GLenum type = 0;
    glGetActiveUniform(program_.id(), static_cast<GLuint>(k), static_cast<GLsizei>(name.size()),
                       &length, &size, &type, name.data());
    std::string key(name.data(), static_cast<std::size_t>(length));
    uniforms_[key] = glGetUniformLocation(program_.id(), key.c_str());
  }
}

GLint ShaderProgram::uniform(std::string_view name) const {
  const auto found = uniforms_.find(std::string(name));
  return found == uniforms_.end() ? -1 : found->second;
}

void ShaderProgram::set(std::string_view name, const glm::mat4& value) const {
  glUniformMatrix4fv(uniform(name), 1, GL_FALSE, glm::value_ptr(value));
}
void ShaderProgram::set(std::string_view name, const glm::mat3& value) const {
  glUniformMatrix3fv(uniform(name), 1, GL_FALSE, glm::value_ptr(value));
}
void ShaderProgram::set(std::string_view name, const glm::vec3& value) const {
  glUniform3fv(uniform(name), 1, glm::value_ptr(value));
}
void ShaderProgram::set(std::string_view name, const glm::vec4& value) const {
  glUniform4fv(uniform(name), 1, glm::value_ptr(value));
}
void ShaderProgram::set(std::string_view name, float value) const {
  glUniform1f(uniform(name), value);
}
void ShaderProgram::set(std::string_view name, int value) const {
  glUniform1i(uniform(name), value);
}

}  // namespace terranav::engine
