// The nearest of many centres (issue 16) on CUDA: the kernels of cuda/nearest_centres.h write
// the distance into the field texture and the index into an R32I texture of the backend's own,
// both registered with CUDA and mapped around each compute (as CudaBackend's interop path: no
// copies, nothing read back). set_centres uploads the centres once; a compute then runs every
// pass on the device. Only the interop path: where the GL context is on no CUDA device,
// try_make_cuda_centres_backend declines and `auto` takes the CPU (docs/centres.md).
#pragma once

#include <glad/gl.h>

#include <cstdint>
#include <optional>
#include <vector>

#include "backends/centres_field_backend.h"
#include "backends/interop_texture.h"
#include "compute/cuda_field_launch.h"
#include "device_memory.h"
#include "nearest_centres.h"

namespace geofield {

class CudaCentresBackend final : public CentresFieldBackend {
 public:
  // Needs the GL context current on this thread, on `device`; makes `device` CUDA's current one.
  CudaCentresBackend(int device, CentreList centres);
  ~CudaCentresBackend() override;
  CudaCentresBackend(const CudaCentresBackend&) = delete;
  CudaCentresBackend& operator=(const CudaCentresBackend&) = delete;

  std::string_view name() const override { return "cuda"; }
  std::optional<double> last_compute_device_ms() override;

  // Asynchronous: returns once the passes are queued. Throws UsageError for a view no backend
  // computes with centres (check_centres_view), a texture beyond GL_MAX_TEXTURE_SIZE, or
  // device memory that is short.
  void compute(const FieldParams& p, FieldTexture& target) override;
  // f32 reads the texture back; f64 runs the passes again in double into device memory (when
  // the last compute was in double), with the centres set now.
  HostField read_field(const FieldTexture& target, Precision as) override;
  void set_centres(CentreList centres) override;
  const CentreList& centres() const override { return centres_; }
  std::vector<std::int32_t> read_index() override;
  GLuint index_texture() const override { return index_texture_; }
  void let_go_of_target() override;

 private:
  void compute_checked(const FieldParams& p, FieldTexture& target);
  HostField read_field_checked(const FieldTexture& target, Precision as);
  void follow(FieldTexture& target);
  void ensure_index_texture(int nx, int ny);
  void delete_index_texture() noexcept;

  int device_;
  GLint max_texture_size_ = 0;
  CentreList centres_;
  CudaStream stream_;  // declared before the interop objects: outlives every use of them
  NearestCentres kernels_;
  InteropTexture field_interop_, index_interop_;
  FieldTexture* hooked_ = nullptr;  // the texture whose release hook ends field_interop_'s
  GLuint index_texture_ = 0;        // GL_R32I, made by the first compute
  int index_nx_ = 0, index_ny_ = 0;
  std::uint64_t index_generation_ = 0;
  CudaEvent compute_start_, compute_end_;
  FieldParams last_{};
  bool computed_ = false;
};

}  // namespace geofield
