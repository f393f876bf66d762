// The CUDA backend: cuda/'s kernels write the GL texture the renderer draws. This is the app's
// side of the seam: it owns the CUDA objects for one GL context and turns cuda/'s errors into
// the app's (CudaFailure -> RuntimeFailure, DeviceMemoryShortage -> UsageError).
//
// One backend for every site set: a request of one point (FieldRequest::one_point) runs the
// field kernel (field_kernel.h, projected_kernel.h: its fast path); several sites, or one site
// off an aeqd map's centre, run the nearest-site kernels (cuda_sites.h), which also write the
// nearest site's index into an R32I texture of the backend's. Both reach GL the same way:
//   interop     : each texture is registered with CUDA once (CudaInteropTarget); each compute
//                 maps it, launches on a surface over it and unmaps it. No copies, no upload,
//                 no host synchronisation.
//   pixel_buffer: the fallback where CUDA cannot register the texture (the GL context runs on
//                 a GPU that CUDA does not drive: Mesa, some hybrid laptops): the kernels write
//                 device memory, which is copied into a GL pixel-buffer object and from there
//                 into the texture (and the index into the index texture). Said once when it is
//                 chosen.
#pragma once

#include <glad/gl.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "backends/cuda_interop_target.h"
#include "backends/cuda_pixel_buffer.h"
#include "backends/field_backend.h"
#include "compute/cuda_sites.h"
#include "device_memory.h"

namespace geofield {

class CudaBackend final : public FieldBackend {
 public:
  enum class Path { interop, pixel_buffer };

  // Needs the GL context current on this thread; makes `device` CUDA's current device.
  CudaBackend(int device, Path path, InteropTexture::Options interop = {});
  CudaBackend(const CudaBackend&) = delete;
  CudaBackend& operator=(const CudaBackend&) = delete;

  std::string_view name() const override { return "cuda"; }
  bool measures_device_time() const override { return true; }
  Path path() const { return path_; }
  int device() const { return device_; }
  cudaStream_t stream() const { return stream_.get(); }

  // Queues the kernels for r into target (size r.params.nx x r.params.ny). Asynchronous:
  // returns once the work is queued; GL commands issued afterwards see the field. Throws
  // UsageError when the grid is larger than GL_MAX_TEXTURE_SIZE, needs more device memory than
  // is free, or is a view no backend computes with these sites (check_sites).
  void compute(const FieldRequest& r, FieldTexture& target) override;
  using FieldBackend::compute;
  // Exports: f32 reads the texture back; f64 runs the last compute's kernels again in double
  // into device memory and copies that back (when the last compute was in double; otherwise
  // the float values, widened).
  HostField read_field(const FieldTexture& target, Precision as) override;
  // The last compute's index: the index texture read back (several sites), or zeros (one point).
  std::vector<std::int32_t> read_index() override;
  GLuint index_texture() const override { return sites_last_ ? target_.index_texture() : 0; }
  std::optional<double> last_compute_device_ms() override;

 private:
  void compute_checked(const FieldRequest& r, FieldTexture& target);
  HostField read_field_checked(const FieldTexture& target, Precision as);
  void compute_interop(const FieldRequest& r);
  void compute_pixel_buffer(const FieldRequest& r, FieldTexture& target);
  // The last compute's kind of field into device memory, as Out; index only with sites.
  template <typename Out>
  void launch_into(const FieldRequest& r, Out* values, std::int32_t* index);

  int device_;
  Path path_;
  GLint max_texture_size_ = 0;
  CudaStream stream_;           // declared before target_: outlives every use of it
  CudaInteropTarget target_;    // the textures' registrations and the index texture
  CudaSites sites_;             // the nearest-site kernels and the sites uploaded
  DeviceBuffer staging_;        // pixel_buffer path: the field in device memory
  DeviceBuffer index_staging_;  // and the index (or the f64 export's)
  DeviceBuffer factors_;        // the one-point double path's row and column factors
  PixelBufferUpload field_upload_, index_upload_;
  CudaEvent compute_start_, compute_end_;  // around the last compute's work on stream_
  FieldRequest last_{};
  bool computed_ = false;
  bool sites_last_ = false;  // the last compute ran the nearest-site kernels
};

}  // namespace geofield
