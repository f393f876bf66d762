// PROJ (Debian's libproj) as the independent oracle of the projection tests: one spherical
// aeqd, ortho or eqearth operation about a centre, forward and inverse, in metres and degrees.
#pragma once

#include <proj.h>

#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>

namespace geofield::test {

struct ProjXY {
  double x, y;
};
struct ProjLatLon {
  double lat_deg, lon_deg;
};

class ProjOracle {
 public:
  // name: "aeqd", "ortho" or "eqearth" (which reads lon0 only); radius in metres.
  ProjOracle(const std::string& name, double lat0_deg, double lon0_deg, double radius_m)
      : ctx_(proj_context_create()) {
    const std::string def = "+proj=" + name + " +lat_0=" + number(lat0_deg) +
                            " +lon_0=" + number(lon0_deg) + " +R=" + number(radius_m) +
                            " +units=m +no_defs";
    pj_ = proj_create(ctx_, def.c_str());
    if (pj_ == nullptr) {
      proj_context_destroy(ctx_);
      throw std::runtime_error("PROJ cannot make " + def);
    }
  }
  ~ProjOracle() {
    proj_destroy(pj_);
    proj_context_destroy(ctx_);
  }
  ProjOracle(const ProjOracle&) = delete;
  ProjOracle& operator=(const ProjOracle&) = delete;

  // nullopt where PROJ reports an error (the far side, the antipode).
  std::optional<ProjXY> forward(double lat_deg, double lon_deg) const {
    const PJ_COORD c = run(PJ_FWD, proj_coord(proj_torad(lon_deg), proj_torad(lat_deg), 0, 0));
    if (!ok(c)) return std::nullopt;
    return ProjXY{c.xy.x, c.xy.y};
  }
  std::optional<ProjLatLon> inverse(double x, double y) const {
    const PJ_COORD c = run(PJ_INV, proj_coord(x, y, 0, 0));
    if (!ok(c)) return std::nullopt;
    return ProjLatLon{proj_todeg(c.lp.phi), proj_todeg(c.lp.lam)};
  }

 private:
  static std::string number(double v) {
    char b[40];
    std::snprintf(b, sizeof b, "%.17g", v);
    return b;
  }
  PJ_COORD run(PJ_DIRECTION d, PJ_COORD in) const {
    proj_errno_reset(pj_);
    return proj_trans(pj_, d, in);
  }
  bool ok(const PJ_COORD& c) const {
    return proj_errno(pj_) == 0 && std::isfinite(c.v[0]) && std::isfinite(c.v[1]) &&
           c.v[0] != HUGE_VAL;
  }

  PJ_CONTEXT* ctx_;
  PJ* pj_ = nullptr;
};

}  // namespace geofield::test
