// Checks shared by the bindings that take numpy arrays: each error names the
// argument and what was expected.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <climits>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace terranav::python {

/// `value` (a numpy array or anything numpy turns into one) as an array;
/// TypeError naming `name` otherwise.
inline pybind11::array as_array(const pybind11::object& value, const std::string& name) {
  pybind11::array array = pybind11::array::ensure(value);
  if (!array) {
    throw pybind11::type_error(
        name + ": expected an array, got " +
        std::string(pybind11::str(pybind11::type::of(value).attr("__name__"))));
  }
  return array;
}

/// Throws TypeError unless the array's dtype kind is one of `kinds` (numpy's
/// letters: f float, i int, u unsigned, b bool).
inline void check_kind(const pybind11::array& array, const std::string& name,
                       std::string_view kinds, const std::string& expected) {
  if (kinds.find(array.dtype().kind()) == std::string_view::npos) {
    throw pybind11::type_error(name + ": expected " + expected + ", got dtype " +
                               std::string(pybind11::str(array.dtype())));
  }
}

/// An integer (K, columns) array as K * columns int32 values, row by row.
/// ValueError naming `name` for another shape (`layout` says which columns)
/// or a value outside int32. O(K * columns).
inline std::vector<std::int32_t> int32_rows(const pybind11::object& value, const std::string& name,
                                            pybind11::ssize_t columns, const std::string& layout) {
  const pybind11::array rows = as_array(value, name);
  check_kind(rows, name, "iu", "an integer array");
  if (rows.ndim() != 2 || rows.shape(1) != columns) {
    throw pybind11::value_error(name + ": expected shape (K, " + std::to_string(columns) +
                                "): " + layout);
  }
  const auto values = pybind11::array_t<std::int64_t, pybind11::array::c_style |
                                                          pybind11::array::forcecast>::ensure(rows);
  std::vector<std::int32_t> out;
  out.reserve(static_cast<std::size_t>(values.size()));
  for (pybind11::ssize_t k = 0; k < values.size(); ++k) {
    const std::int64_t v = values.data()[k];
    if (v < INT32_MIN || v > INT32_MAX) {
      throw pybind11::value_error(name + ": row " + std::to_string(k / columns) + ": " +
                                  std::to_string(v) + " is outside int32");
    }
    out.push_back(static_cast<std::int32_t>(v));
  }
  return out;
}

}  // namespace terranav::python
