#include "backends/cuda_backend.h"

#include <algorithm>
#include <cstdio>

#include "backends/centres_backend.h"
#include "backends/cuda_backend_factory.h"
#include "backends/cuda_centres_backend.h"
#include "backends/test_fault.h"
#include "compute/cuda_backend_support.h"
#include "compute/cuda_field_launch.h"
#include "cuda_check.h"
#include "errors.h"
#include "field_kernel.h"
#include "gl/gl_check.h"
#include "memory_limits.h"
#include "projected_kernel.h"

namespace geofield {
namespace {

std::string size_text(const FieldParams& p) {
  return std::to_string(p.nx) + "x" + std::to_string(p.ny);
}

}  // namespace

CudaBackend::CudaBackend(int device, Path path, InteropTexture::Options interop) try
    : device_(make_current(device)), path_(path), interop_(interop) {
  GF_GL(glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_texture_size_));
} catch (const CudaFailure& e) {
  throw RuntimeFailure(e.what());
}

CudaBackend::~CudaBackend() {
  if (hooked_ != nullptr) hooked_->set_release_hook(nullptr);
  release_pixel_buffer();
}

// Registers target with CUDA (again after a reallocation) and hooks its release, so that the
// registration ends before GL deletes the texture.
void CudaBackend::follow(FieldTexture& target) {
  if (test_fault("interop") && !interop_.registered()) {
    throw_cuda_failure("cudaGraphicsGLRegisterImage (forced: GEOFIELD_TEST_FAULT=interop)",
                       cudaErrorNotSupported, __FILE__, __LINE__);
  }
  interop_.follow(target.id(), target.generation());
  if (hooked_ == &target) return;
  if (hooked_ != nullptr) hooked_->set_release_hook(nullptr);
  target.set_release_hook([this] {
    interop_.release();
    hooked_ = nullptr;
  });
  hooked_ = &target;
}

void CudaBackend::let_go_of_one_point_target() {
  if (hooked_ != nullptr) hooked_->set_release_hook(nullptr);
  hooked_ = nullptr;
  interop_.release();
}

std::unique_ptr<CentresFieldBackend> CudaBackend::make_sites_part(CentreList sites) {
  if (path_ == Path::interop)
    return std::make_unique<CudaCentresBackend>(device_, std::move(sites));
  // The nearest-site kernels write their two textures through interop only.
  set_notice(
      "the CUDA nearest-site kernels need the GL context on a CUDA device; the CPU computes "
      "several sites here");
  return std::make_unique<CentresBackend>(std::move(sites));
}

void CudaBackend::release_pixel_buffer() noexcept {
  if (pixel_buffer_ != 0) glDeleteBuffers(1, &pixel_buffer_);
  pixel_buffer_ = 0;
  pixel_buffer_bytes_ = 0;
}

void CudaBackend::compute_one_point(const FieldParams& p, FieldTexture& target) {
  with_app_errors([&] { compute_checked(p, target); });
}

void CudaBackend::compute_checked(const FieldParams& p, FieldTexture& target) {
  check_texture_size(p, max_texture_size_);
  if (target.nx() != p.nx || target.ny() != p.ny) {
    GF_FAIL("CudaBackend::compute: the texture is " + std::to_string(target.nx()) + "x" +
            std::to_string(target.ny()) + ", the field " + size_text(p));
  }
  if (path_ == Path::interop) {
    try {
      follow(target);
    } catch (const CudaFailure& e) {
      // Said once (the caller shows or prints it): from here on this backend copies through a
      // pixel buffer.
      set_notice(std::string("CUDA cannot register the GL texture (") + e.what() +
                 "); falling back to a pixel-buffer copy per compute");
      path_ = Path::pixel_buffer;
    }
  }
  GF_CUDA(cudaEventRecord(compute_start_.get(), stream_.get()));
  if (path_ == Path::interop) {
    compute_interop(p, target);
  } else {
    compute_pixel_buffer(p, target);
  }
  GF_CUDA(cudaEventRecord(compute_end_.get(), stream_.get()));
  last_ = p;
  computed_ = true;
}

std::optional<double> CudaBackend::one_point_device_ms() {
  return with_app_errors([&]() -> std::optional<double> {
    if (!computed_ || !compute_end_.done()) return std::nullopt;
    float ms = 0;
    GF_CUDA(cudaEventElapsedTime(&ms, compute_start_.get(), compute_end_.get()));
    return ms;
  });
}

void CudaBackend::compute_interop(const FieldParams& p, FieldTexture&) {
  InteropTexture::Mapping mapping(interop_, stream_.get());
  const bool f64 = p.precision == Precision::f64;
  if (p.formula == Formula::wgs84) {  // in double either way: no float geodesic
    if (p.projection != Projection::latlon) {
      launch_projected_geodesic_to_surface(projected_grid(p), geodesic_field(p), mapping.surface(),
                                           stream_.get());
    } else {
      launch_geodesic_field_to_surface(grid_geometry(p), geodesic_field(p), mapping.surface(),
                                       stream_.get(), &factors_);
    }
  } else if (p.projection != Projection::latlon) {
    const ProjectedGrid g = projected_grid(p);
    if (f64) {
      launch_projected_to_surface<double>(g, mapping.surface(), stream_.get());
    } else {
      launch_projected_to_surface<float>(g, mapping.surface(), stream_.get());
    }
  } else if (f64) {
    launch_field_to_surface<double>(grid_geometry(p), mapping.surface(), stream_.get(), &factors_);
  } else {
    launch_field_to_surface<float>(grid_geometry(p), mapping.surface(), stream_.get());
  }
  mapping.unmap();
}

void CudaBackend::compute_pixel_buffer(const FieldParams& p, FieldTexture& target) {
  const std::size_t bytes = static_cast<std::size_t>(node_count(p)) * sizeof(float);
  staging_.ensure(bytes, "the " + size_text(p) + " field");
  float* field = static_cast<float*>(staging_.get());
  launch_field_into(p, field, stream_.get(), &factors_);
  if (pixel_buffer_ == 0 || pixel_buffer_bytes_ != bytes) {
    release_pixel_buffer();
    GF_GL(glCreateBuffers(1, &pixel_buffer_));
    GF_GL(glNamedBufferStorage(pixel_buffer_, static_cast<GLsizeiptr>(bytes), nullptr,
                               GL_MAP_WRITE_BIT));
    pixel_buffer_bytes_ = bytes;
  }
  void* mapped = nullptr;
  GF_GL(mapped = glMapNamedBufferRange(pixel_buffer_, 0, static_cast<GLsizeiptr>(bytes),
                                       GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT));
  if (mapped == nullptr) GF_FAIL("glMapNamedBufferRange returned no pointer");
  try {
    GF_CUDA(cudaMemcpyAsync(mapped, field, bytes, cudaMemcpyDeviceToHost, stream_.get()));
    GF_CUDA(cudaStreamSynchronize(stream_.get()));
  } catch (...) {
    glUnmapNamedBuffer(pixel_buffer_);
    throw;
  }
  GLboolean intact = GL_FALSE;
  GF_GL(intact = glUnmapNamedBuffer(pixel_buffer_));
  if (intact != GL_TRUE) GF_FAIL("glUnmapNamedBuffer: the pixel buffer's contents were lost");
  GF_GL(glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pixel_buffer_));
  GF_GL(glPixelStorei(GL_UNPACK_ALIGNMENT, 4));
  GF_GL(glTextureSubImage2D(target.id(), 0, 0, 0, p.nx, p.ny, GL_RED, GL_FLOAT, nullptr));
  GF_GL(glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0));
}

HostField CudaBackend::read_one_point_field(const FieldTexture& target, Precision as) {
  return with_app_errors([&] { return read_field_checked(target, as); });
}

HostField CudaBackend::read_field_checked(const FieldTexture& target, Precision as) {
  if (!computed_) GF_FAIL("CudaBackend::read_field: nothing was computed yet");
  if (as == Precision::f32 || last_.precision == Precision::f32) {
    return texture_field_as(target.id(), last_.nx, last_.ny, as);
  }
  const std::size_t n = static_cast<std::size_t>(node_count(last_));
  DeviceBuffer values;
  values.ensure(n * sizeof(double), "the double export of the " + size_text(last_) + " field");
  launch_field_into(last_, static_cast<double*>(values.get()), stream_.get(), &factors_);
  HostField h{last_.nx, last_.ny, Precision::f64, {}, std::vector<double>(n)};
  GF_CUDA(cudaMemcpyAsync(h.f64.data(), values.get(), n * sizeof(double), cudaMemcpyDeviceToHost,
                          stream_.get()));
  GF_CUDA(cudaStreamSynchronize(stream_.get()));
  return h;
}

CudaWarmUp::CudaWarmUp()
    : thread_([] {
        int count = 0;
        if (cudaGetDeviceCount(&count) == cudaSuccess && count == 1) {
          cudaFree(nullptr);  // makes the primary context of the one device
        }
        cudaGetLastError();  // nothing sticky left for the real start
      }) {}

CudaWarmUp::~CudaWarmUp() {
  if (thread_.joinable()) thread_.join();
}

std::unique_ptr<FieldBackend> try_make_cuda_backend(std::string* why_not) {
  if (!cuda_device_usable(why_not)) return nullptr;
  try {
    unsigned gl_count = 0;
    int gl_devices[8] = {};
    const cudaError_t g = cudaGLGetDevices(&gl_count, gl_devices, 8, cudaGLDeviceListAll);
    if (g == cudaSuccess && gl_count > 0) {
      const int device = gl_devices[0];
      auto backend = std::make_unique<CudaBackend>(device, CudaBackend::Path::interop);
      *why_not = "CUDA device " + std::to_string(device) + " (" + device_name(device) +
                 ") runs this GL context; the kernel writes the texture directly";
      return backend;
    }
    cudaGetLastError();
    const char* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    auto backend = std::make_unique<CudaBackend>(0, CudaBackend::Path::pixel_buffer);
    *why_not = std::string("the GL context (") + (renderer ? renderer : "unknown renderer") +
               ") is not on a CUDA device (cudaGLGetDevices: " +
               (g == cudaSuccess ? std::string("none") : cuda_error_text(g)) +
               "); CUDA device 0 (" + device_name(0) +
               ") computes and the field reaches GL through a pixel-buffer copy";
    return backend;
  } catch (const std::runtime_error& f) {  // CudaFailure, or the GL's RuntimeFailure
    *why_not = std::string("CUDA backend failed to start: ") + f.what();
    return nullptr;
  }
}

}  // namespace geofield
