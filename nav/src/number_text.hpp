// Private: numbers in error messages, shortest readable form ("-1", "0.5",
// "1e-09", "nan") rather than std::to_string's fixed six decimals.
#pragma once

#include <sstream>
#include <string>

namespace terranav::nav::detail {

inline std::string number_text(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

}  // namespace terranav::nav::detail
