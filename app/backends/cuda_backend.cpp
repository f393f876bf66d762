#include "backends/cuda_backend.h"

#include <cstdio>

#include "backends/cuda_backend_factory.h"
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

// The one-point field kernel of p on a surface over the field texture.
void launch_one_point_to_surface(const FieldParams& p, cudaSurfaceObject_t surface,
                                 cudaStream_t stream, DeviceBuffer* factors) {
  const bool f64 = p.precision == Precision::f64;
  if (p.formula == Formula::wgs84) {  // in double either way: no float geodesic
    if (p.projection != Projection::latlon) {
      launch_projected_geodesic_to_surface(projected_grid(p), geodesic_field(p), surface, stream);
    } else {
      launch_geodesic_field_to_surface(grid_geometry(p), geodesic_field(p), surface, stream,
                                       factors);
    }
  } else if (p.projection != Projection::latlon) {
    const ProjectedGrid g = projected_grid(p);
    if (f64) {
      launch_projected_to_surface<double>(g, surface, stream);
    } else {
      launch_projected_to_surface<float>(g, surface, stream);
    }
  } else if (f64) {
    launch_field_to_surface<double>(grid_geometry(p), surface, stream, factors);
  } else {
    launch_field_to_surface<float>(grid_geometry(p), surface, stream);
  }
}

}  // namespace

CudaBackend::CudaBackend(int device, Path path, InteropTexture::Options interop) try
    : device_(make_current(device)), path_(path), target_(interop) {
  GF_GL(glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_texture_size_));
} catch (const CudaFailure& e) {
  throw RuntimeFailure(e.what());
}

void CudaBackend::compute(const FieldRequest& r, FieldTexture& target) {
  with_app_errors([&] { compute_checked(r, target); });
}

void CudaBackend::compute_checked(const FieldRequest& r, FieldTexture& target) {
  const FieldParams& p = r.params;
  if (r.sites.empty()) GF_FAIL("a field request with no sites");
  const bool sites = !r.one_point();
  if (sites) check_sites(r);
  check_texture_size(p, max_texture_size_);
  if (target.nx() != p.nx || target.ny() != p.ny) {
    GF_FAIL("CudaBackend::compute: the texture is " + std::to_string(target.nx()) + "x" +
            std::to_string(target.ny()) + ", the field " + size_text(p));
  }
  if (sites) sites_.hold(r.sites, stream_.get());
  if (path_ == Path::interop) {
    try {
      target_.follow(target);
      if (sites) target_.ensure_index(p.nx, p.ny, true);
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
    compute_interop(r);
  } else {
    compute_pixel_buffer(r, target);
  }
  GF_CUDA(cudaEventRecord(compute_end_.get(), stream_.get()));
  last_ = r;
  sites_last_ = sites;
  computed_ = true;
}

void CudaBackend::compute_interop(const FieldRequest& r) {
  InteropTexture::Mapping field(target_.field(), stream_.get());
  if (r.one_point()) {
    launch_one_point_to_surface(r.one_point_params(), field.surface(), stream_.get(), &factors_);
  } else {
    InteropTexture::Mapping index(target_.index(), stream_.get());
    sites_.to_surfaces(r, field.surface(), index.surface(), stream_.get());
    index.unmap();
  }
  field.unmap();
}

template <typename Out>
void CudaBackend::launch_into(const FieldRequest& r, Out* values, std::int32_t* index) {
  if (r.one_point()) {
    launch_field_into(r.one_point_params(), values, stream_.get(), &factors_);
  } else {
    sites_.into(r, whole_grid(r.params.nx, r.params.ny), values, index, stream_.get());
  }
}

void CudaBackend::compute_pixel_buffer(const FieldRequest& r, FieldTexture& target) {
  const FieldParams& p = r.params;
  const std::size_t n = static_cast<std::size_t>(node_count(p));
  staging_.ensure(n * sizeof(float), "the " + size_text(p) + " field");
  auto* field = static_cast<float*>(staging_.get());
  std::int32_t* index = nullptr;
  if (!r.one_point()) {
    index_staging_.ensure(n * sizeof(std::int32_t), "the " + size_text(p) + " index");
    index = static_cast<std::int32_t*>(index_staging_.get());
  }
  launch_into(r, field, index);
  field_upload_.upload(field, n * sizeof(float), stream_.get(), target.id(), p.nx, p.ny, GL_RED,
                       GL_FLOAT);
  if (index != nullptr) {
    target_.ensure_index(p.nx, p.ny, false);
    index_upload_.upload(index, n * sizeof(std::int32_t), stream_.get(), target_.index_texture(),
                         p.nx, p.ny, GL_RED_INTEGER, GL_INT);
  }
}

std::optional<double> CudaBackend::last_compute_device_ms() {
  return with_app_errors([&]() -> std::optional<double> {
    if (!computed_ || !compute_end_.done()) return std::nullopt;
    float ms = 0;
    GF_CUDA(cudaEventElapsedTime(&ms, compute_start_.get(), compute_end_.get()));
    return ms;
  });
}

HostField CudaBackend::read_field(const FieldTexture& target, Precision as) {
  return with_app_errors([&] { return read_field_checked(target, as); });
}

HostField CudaBackend::read_field_checked(const FieldTexture& target, Precision as) {
  if (!computed_) GF_FAIL("CudaBackend::read_field: nothing was computed yet");
  const FieldParams& p = last_.params;
  if (as == Precision::f32 || p.precision == Precision::f32) {
    return texture_field_as(target.id(), p.nx, p.ny, as);
  }
  const std::size_t n = static_cast<std::size_t>(node_count(p));
  const std::string what = "the double export of the " + size_text(p) + " field";
  DeviceBuffer values;
  values.ensure(n * sizeof(double), what);
  std::int32_t* index = nullptr;
  if (sites_last_) {
    index_staging_.ensure(n * sizeof(std::int32_t), what + "'s index");
    index = static_cast<std::int32_t*>(index_staging_.get());
  }
  launch_into(last_, static_cast<double*>(values.get()), index);
  HostField h{p.nx, p.ny, Precision::f64, {}, std::vector<double>(n)};
  GF_CUDA(cudaMemcpyAsync(h.f64.data(), values.get(), n * sizeof(double), cudaMemcpyDeviceToHost,
                          stream_.get()));
  GF_CUDA(cudaStreamSynchronize(stream_.get()));
  return h;
}

std::vector<std::int32_t> CudaBackend::read_index() {
  if (!computed_) throw RuntimeFailure("CudaBackend::read_index: nothing was computed yet");
  if (sites_last_) return with_app_errors([&] { return target_.read_index(); });
  const FieldParams& p = last_.params;
  return std::vector<std::int32_t>(static_cast<std::size_t>(p.nx) * static_cast<std::size_t>(p.ny));
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
