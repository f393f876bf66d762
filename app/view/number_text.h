// A number as a person reads it in a message or a panel: printf's %g at the significant digits
// asked (6, %g's own, unless said).
#pragma once

#include <cstdio>
#include <string>

namespace geofield {

inline std::string number_text(double v, int significant = 6) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.*g", significant, v);
  return buf;
}

}  // namespace geofield
