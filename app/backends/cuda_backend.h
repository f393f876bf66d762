// The CUDA backend: the field kernel (cuda/) writes the GL texture the renderer draws. This is
// the app's side of the seam: it owns the CUDA objects for one GL context and turns cuda/'s
// errors into the app's (CudaFailure -> RuntimeFailure, DeviceMemoryShortage -> UsageError).
//   interop     : the texture is registered with CUDA (InteropTexture); each compute maps it,
//                 launches the kernel on a surface over it and unmaps it. No copies, no upload,
//                 no host synchronisation.
//   pixel_buffer: the fallback where CUDA cannot register the texture (the GL context runs on
//                 a GPU that CUDA does not drive: Mesa, some hybrid laptops): the kernel writes
//                 device memory, which is copied into a GL pixel-buffer object and from there
//                 into the texture. One copy per compute; said once when it is chosen.
#pragma once

#include <glad/gl.h>

#include <optional>
#include <string>

#include "backends/fast_path_backend.h"
#include "backends/interop_texture.h"
#include "device_memory.h"

namespace geofield {

// One point: the field kernel; several sites: CudaCentresBackend on the same device (interop
// only: on the pixel-buffer path the CPU's CentresBackend computes them, said once).
class CudaBackend final : public FastPathBackend {
 public:
  enum class Path { interop, pixel_buffer };

  // Needs the GL context current on this thread; makes `device` CUDA's current device.
  CudaBackend(int device, Path path, InteropTexture::Options interop = {});
  ~CudaBackend() override;
  CudaBackend(const CudaBackend&) = delete;
  CudaBackend& operator=(const CudaBackend&) = delete;

  std::string_view name() const override { return "cuda"; }
  bool measures_device_time() const override { return true; }
  Path path() const { return path_; }
  int device() const { return device_; }
  cudaStream_t stream() const { return stream_.get(); }

 private:
  // Launches the kernel for p into target (size p.nx x p.ny). Asynchronous: returns once the
  // work is queued; GL commands issued afterwards see the field. Throws UsageError when p is
  // larger than GL_MAX_TEXTURE_SIZE or needs more device memory than is free.
  void compute_one_point(const FieldParams& p, FieldTexture& target) override;
  // Exports: f32 reads the texture back; f64 recomputes the field in double into device
  // memory and copies it back (when the last compute was in double; otherwise the float
  // values, widened).
  HostField read_one_point_field(const FieldTexture& target, Precision as) override;
  std::optional<double> one_point_device_ms() override;
  std::unique_ptr<CentresFieldBackend> make_sites_part(CentreList sites) override;
  void let_go_of_one_point_target() override;

  void compute_checked(const FieldParams& p, FieldTexture& target);
  HostField read_field_checked(const FieldTexture& target, Precision as);
  void follow(FieldTexture& target);
  void compute_interop(const FieldParams& p, FieldTexture& target);
  void compute_pixel_buffer(const FieldParams& p, FieldTexture& target);
  void release_pixel_buffer() noexcept;

  int device_;
  Path path_;
  GLint max_texture_size_ = 0;
  CudaStream stream_;  // declared before interop_: outlives every use of it
  InteropTexture interop_;
  FieldTexture* hooked_ = nullptr;  // the texture whose release hook ends interop_'s registration
  DeviceBuffer staging_;            // pixel_buffer path: the field in device memory
  DeviceBuffer factors_;            // the double path's row and column factors (its pre-pass)
  CudaEvent compute_start_, compute_end_;  // around the last compute's work on stream_
  GLuint pixel_buffer_ = 0;                // pixel_buffer path: GL_PIXEL_UNPACK_BUFFER
  std::size_t pixel_buffer_bytes_ = 0;
  FieldParams last_{};
  bool computed_ = false;
};

}  // namespace geofield
