// geofield's path through the CUDA backend's public API (cuda/): the kernel launcher on a
// mapped interop texture, and CudaBackend::compute as the app calls it.
#include "geofield_path.h"

#include <algorithm>
#include <cmath>

#include "backends/cuda_backend.h"
#include "backends/interop_texture.h"
#include "cuda_check.h"
#include "errors.h"
#include "field_kernel.h"
#include "field_sampling.h"
#include "gl/gl_check.h"
#include "gl/renderer.h"
#include "projected_kernel.h"

namespace geofield::bench {
namespace {

constexpr Formula kFormulas[] = {Formula::haversine, Formula::seed};
constexpr Precision kPrecisions[] = {Precision::f32, Precision::f64};
constexpr Projection kProjections[] = {Projection::aeqd, Projection::ortho};

// The view as a projected one about the same reference (ortho: about the bounds' centre), at
// the default extent: aeqd a quarter great circle (every node on the map), ortho R (the disc's
// corners off it, computed all the same: the kernel selects, it does not branch).
FieldParams projected_view(FieldParams p, Projection kind) {
  p.projection = kind;
  p.extent = default_extent(p);
  return p;
}

// A width x height RGBA8 framebuffer object, bound while it lives.
class Framebuffer {
 public:
  Framebuffer(int width, int height) {
    GF_GL(glCreateTextures(GL_TEXTURE_2D, 1, &color_));
    GF_GL(glTextureStorage2D(color_, 1, GL_RGBA8, width, height));
    GF_GL(glCreateFramebuffers(1, &fbo_));
    GF_GL(glNamedFramebufferTexture(fbo_, GL_COLOR_ATTACHMENT0, color_, 0));
    GLenum status = 0;
    GF_GL(status = glCheckNamedFramebufferStatus(fbo_, GL_FRAMEBUFFER));
    if (status != GL_FRAMEBUFFER_COMPLETE) GF_FAIL("the redraw framebuffer is incomplete");
    GF_GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo_));
  }
  ~Framebuffer() {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fbo_);
    glDeleteTextures(1, &color_);
  }
  Framebuffer(const Framebuffer&) = delete;
  Framebuffer& operator=(const Framebuffer&) = delete;

 private:
  GLuint fbo_ = 0, color_ = 0;
};

Stats time_redraw(const FieldParams& p, CudaBackend& backend) {
  constexpr int kWidth = 1920, kHeight = 1080;
  Renderer renderer;
  renderer.field().ensure_size(p.nx, p.ny);
  backend.compute(p, renderer.field());
  Framebuffer fb(kWidth, kHeight);
  ViewStyle style;
  style.value_min = 0;
  style.value_max = 300;
  return time_wall(
      [&] {
        renderer.draw(0, 0, kWidth, kHeight, style);
        GF_GL(glFinish());
      },
      5, 200, 20, 200);
}

}  // namespace

GeofieldResult run_geofield_path(const FieldParams& view, FieldTexture& texture, std::string*) {
  GeofieldResult result;
  texture.ensure_size(view.nx, view.ny);
  int device = 0;
  GF_CUDA(cudaGetDevice(&device));

  // 1. The kernel alone, writing the mapped interop texture (mapped once around the repeats).
  {
    CudaStream stream;
    InteropTexture interop;
    interop.follow(texture.id(), texture.generation());
    InteropTexture::Mapping mapping(interop, stream.get());
    DeviceBuffer factors;  // the double path's pre-pass output, kept as the backend keeps it
    for (Formula f : kFormulas) {
      for (Precision prec : kPrecisions) {
        FieldParams p = view;
        p.formula = f;
        p.precision = prec;
        const GridGeometry g = grid_geometry(p);
        GeofieldRow row;
        row.formula = f;
        row.precision = prec;
        row.kernel = time_events(
            [&] {
              if (prec == Precision::f32) {
                launch_field_to_surface<float>(g, mapping.surface(), stream.get());
              } else {
                launch_field_to_surface<double>(g, mapping.surface(), stream.get(), &factors);
              }
            },
            stream.get());
        result.rows.push_back(row);
      }
    }
    // The projected kernels, into the same mapped texture (issue 12's speed target: an aeqd or
    // ortho recompute within 1.3x of the latlon kernel's time).
    for (Projection kind : kProjections) {
      for (Precision prec : kPrecisions) {
        FieldParams p = projected_view(view, kind);
        p.precision = prec;
        const ProjectedGrid g = projected_grid(p);
        GeofieldRow row;
        row.projection = kind;
        row.precision = prec;
        row.kernel = time_events(
            [&] {
              if (prec == Precision::f32) {
                launch_projected_to_surface<float>(g, mapping.surface(), stream.get());
              } else {
                launch_projected_to_surface<double>(g, mapping.surface(), stream.get());
              }
            },
            stream.get());
        result.rows.push_back(row);
      }
    }
    result.store_only_tiles =
        time_events([&] { launch_store_only(view.nx, view.ny, mapping.surface(), stream.get()); },
                    stream.get());
    mapping.unmap();
    GF_CUDA(cudaStreamSynchronize(stream.get()));
  }  // unregistered here: the backend below registers the texture itself

  // 2. The whole recompute as the app runs it: CudaBackend::compute with changed parameters.
  CudaBackend backend(device, CudaBackend::Path::interop);
  const cudaStream_t s = backend.stream();
  for (GeofieldRow& row : result.rows) {
    FieldParams p =
        row.projection == Projection::latlon ? view : projected_view(view, row.projection);
    p.formula = row.formula;
    p.precision = row.precision;
    int k = 0;
    row.recompute_wall = time_wall(
        [&] {
          backend.compute(nudged(p, k++), texture);
          GF_CUDA(cudaStreamSynchronize(s));
        },
        5, 300, 20, 200);
    row.recompute_events = time_events([&] { backend.compute(nudged(p, k++), texture); }, s);
    // Correctness of what was drawn: the texture read back against the host's double math.
    backend.compute(p, texture);
    row.max_rel_err = sampled_error(p, backend.read_field(texture, Precision::f32));
  }
  result.redraw_1080p = time_redraw(view, backend);
  return result;
}

}  // namespace geofield::bench
