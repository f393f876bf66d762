// A backend computes the field of a FieldRequest (sites.h: the grid's parameters and the sites
// measured to) into the field texture the renderer draws, and keeps the nearest site's index
// beside it. One interface for every site set: a set of one point is a fast path inside each
// backend (its own kernels), never a second pipeline.
//   cuda: the kernels write the registered texture through a surface (no copies);
//   gl  : compute shaders in the GL context write the texture (no copies, no second context);
//   cpu : threads fill a host buffer that is uploaded (the path without a GPU).
#pragma once

#include <glad/gl.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "backend_choice.h"
#include "compute/cpu_field.h"
#include "field_params.h"
#include "gl/field_texture.h"
#include "host_field.h"
#include "sites.h"

namespace geofield {

// The field in an R32F texture (nx x ny) as a HostField of precision `as`: float64 widens the
// float values. What a backend exports when the texture holds all there is.
HostField texture_field_as(GLuint texture, int nx, int ny, Precision as);

class FieldBackend {
 public:
  virtual ~FieldBackend() = default;
  virtual std::string_view name() const = 0;

  // Computes the field of r (validated: check(r.params) and check_sites(r)) into target,
  // which has size r.params.nx x r.params.ny, and the nearest site's index beside it.
  virtual void compute(const FieldRequest& r, FieldTexture& target) = 0;
  // The field of p's own reference point (a set of one).
  void compute(const FieldParams& p, FieldTexture& target) {
    compute(FieldRequest::of_reference(p), target);
  }

  // Explicit export of the last computed field, as float32 or float64. Values of a f64 read
  // were computed in double when the last compute's precision was f64.
  virtual HostField read_field(const FieldTexture& target, Precision as) = 0;

  // The last compute's nearest-site index, nx * ny values, row 0 north (0 everywhere for one
  // site): an explicit export (a GPU backend reads it back).
  virtual std::vector<std::int32_t> read_index() = 0;
  // The same as a GL_R32I texture of the field's size (texel row 0 is grid row 0, north),
  // owned by the backend, for drawing (colour by nearest site, the hover naming it); 0 before
  // the first compute of several sites and after a compute of one. Valid until the next compute.
  virtual GLuint index_texture() const { return 0; }

  // GPU backends return from compute() before the GPU has done the work, so the time compute()
  // takes is not the recompute's. They time the work on the device (CUDA events, GL timestamp
  // queries): last_compute_device_ms() gives the last compute's device time once it is known,
  // without waiting, and nullopt before then.
  virtual bool measures_device_time() const { return false; }
  virtual std::optional<double> last_compute_device_ms() { return std::nullopt; }

  // A change of path the backend made on its own that the user should hear of once (the CUDA
  // backend falling back to a pixel-buffer copy when the texture cannot be registered), taken
  // by the caller after a compute: the window shows it in its status bar, render prints it.
  std::optional<std::string> take_notice() { return std::exchange(notice_, std::nullopt); }

 protected:
  void set_notice(std::string text) { notice_ = std::move(text); }

 private:
  std::optional<std::string> notice_;
};

// Makes the backend asked for, in the current GL context. `automatic` takes CUDA when a CUDA
// device runs this GL context, the CPU otherwise; *reason says which and why, in one line.
// Asking for cuda where it cannot work throws UsageError with the reason.
std::unique_ptr<FieldBackend> make_backend(BackendChoice choice, std::string* reason);

// Why the GL backend does not compute the wgs84 formula (its shaders have no port of
// geodesic.h), in one line.
inline constexpr std::string_view kGlNoWgs84 =
    "the gl backend does not compute the wgs84 formula (its shaders have no port of the "
    "ellipsoidal geodesic, which needs double sin, cos, atan2 and cbrt that GLSL lacks)";

// make_backend for the view p. Every backend computes every view (latlon, aeqd, ortho) of the
// haversine and seed formulas in both precisions; wgs84 the CUDA and CPU backends compute, not
// the GL backend: asking for gl throws UsageError with the reason, and `automatic` never takes
// gl anyway (CUDA, else the CPU). The window's field source and render take their backend
// through it.
std::unique_ptr<FieldBackend> make_backend_for(BackendChoice choice, const FieldParams& p,
                                               std::string* reason);
// The same for a request, its sites checked first (check_sites): every backend computes
// several sites on every view.
std::unique_ptr<FieldBackend> make_backend_for(BackendChoice choice, const FieldRequest& r,
                                               std::string* reason);

// What of a view make_backend_for may choose by (the projection, whether the formula is wgs84):
// a window whose view changes in these makes its backend again.
struct BackendView {
  Projection projection = Projection::latlon;
  bool wgs84 = false;
  bool operator==(const BackendView&) const = default;
};
inline BackendView backend_view_of(const FieldRequest& r) {
  return {r.params.projection, r.params.formula == Formula::wgs84};
}
inline BackendView backend_view_of(const FieldParams& p) {
  return backend_view_of(FieldRequest::of_reference(p));
}

}  // namespace geofield
