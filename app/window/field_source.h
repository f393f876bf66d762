// Where the window's field comes from, one interface for every backend and every site set:
//   cuda (and any backend that writes the texture fast on the GL thread): computed in update();
//   cpu : computed by a worker thread into host memory, uploaded by update() when ready, so
//         the UI never waits; the last field stays on screen until then.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "backends/field_backend.h"
#include "field_range.h"

namespace geofield {

class FieldSource {
 public:
  virtual ~FieldSource() = default;
  virtual std::string_view backend_name() const = 0;

  // Once a frame on the GL thread: asks for the field of `wanted` (validated: check and
  // check_sites) when it differs from the last asked; returns true when `texture` now holds a
  // newer field.
  virtual bool update(const FieldRequest& wanted, FieldTexture& texture) = 0;
  // The field of p's own reference point.
  bool update(const FieldParams& p, FieldTexture& texture) {
    return update(FieldRequest::of_reference(p), texture);
  }
  virtual bool busy() const = 0;
  // 0..1 of the field being computed, where the source knows it (the CPU worker).
  virtual std::optional<double> progress() const { return std::nullopt; }
  // The request whose field is in the texture; empty before the first one.
  const std::optional<FieldRequest>& shown_request() const { return shown_; }
  // Its parameters; empty before the first field.
  std::optional<FieldParams> shown() const {
    return shown_ ? std::optional<FieldParams>(shown_->params) : std::nullopt;
  }
  // Its sites' list (one point: the reference's own list of one); null before the first field.
  CentreList shown_centres() const { return shown_ ? shown_->sites.points() : nullptr; }
  // The last field's compute time, ms; empty until one is measured (a GPU timer's answer comes
  // a frame or more after its compute), never a 0 that was not measured.
  std::optional<double> last_compute_ms() const { return last_ms_; }
  // The shown field's exact range when the source found it already (the CPU worker, off the UI
  // thread); empty: the caller finds it (field_range).
  const std::optional<ValueRange>& shown_range() const { return shown_range_; }

  // The field in the texture, for exports.
  virtual HostField read_field(const FieldTexture& texture, Precision as) = 0;
  // The same, as work for an export's thread: what needs the GL thread (a read-back from the
  // GPU) is done now, the rest (a copy and conversion of a field already on the host) later.
  virtual std::function<HostField()> field_for_export(const FieldTexture& texture, Precision as) {
    auto f = std::make_shared<HostField>(read_field(texture, as));
    return [f] { return std::move(*f); };
  }
  // The shown field's nearest-site index as a GL_R32I texture of its size (row 0 north); 0 when
  // the shown field is of one site.
  virtual GLuint index_texture() const = 0;
  // The shown field's nearest-site index (nx * ny, row 0 north) for an export, made as
  // field_for_export makes the field: a read-back from the GPU now (the GL thread), a copy of
  // the host's later; none before the first field.
  virtual std::function<std::vector<std::int32_t>()> index_for_export() = 0;

  // The backend's notice (FieldBackend::take_notice) from the last update, once.
  std::optional<std::string> take_notice() { return std::exchange(notice_, std::nullopt); }

 protected:
  std::optional<std::string> notice_;
  std::optional<FieldRequest> shown_;
  std::optional<ValueRange> shown_range_;
  std::optional<double> last_ms_;
};

// Makes a backend for a request: make_backend_for (field_backend.h) in the program, which also
// decides by the view's projection, formula and sites; something else in tests.
using BackendFactory =
    std::function<std::unique_ptr<FieldBackend>(BackendChoice, const FieldRequest&, std::string*)>;

// Wraps a backend for the window: the CPU one runs on a worker thread (on_ready is called
// from it when a field is ready, to wake the UI; its field and index are uploaded on the GL
// thread, so the UI never waits); any other computes on the GL thread.
std::unique_ptr<FieldSource> make_field_source(std::unique_ptr<FieldBackend> backend,
                                               std::function<void()> on_ready);

// The same centres: the same list, or lists of equal centres (both null: the one-centre field).
inline bool same_centres(const CentreList& a, const CentreList& b) {
  return a == b || (a && b && *a == *b);
}

}  // namespace geofield
