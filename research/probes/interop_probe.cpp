// Measures what CUDA/GL interop synchronisation costs on this machine, and the alternatives'
// floors, for docs/interop.md. Not a test and not the benchmark (bench/ has that): a probe run
// by scripts/gpu-test.sh --probe on the GPU machine.
//
//   geofield_interop_probe [N ...]     sizes N x N (default 1000 8192 16384)
//
// Every number is the median of kRepeats after kWarmup. "cpu" numbers are host wall time
// (steady_clock), "gpu" numbers are CUDA events on the stream.
#include <glad/egl.h>
#include <glad/gl.h>
// After glad: the EGL types the CUDA EGL interop header wants.
#include <cuda_egl_interop.h>
#include <cuda_runtime_api.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "backends/cpu_backend.h"
#include "backends/interop_texture.h"
#include "cuda_check.h"
#include "device_memory.h"
#include "field_kernel.h"
#include "field_params.h"
#include "gl/gl_check.h"
#include "gl/headless_gl_context.h"
#include "gl/renderer.h"
#include "timing.h"

namespace geofield {
namespace {

using namespace probe;

struct Offscreen {
  GLuint fbo = 0, rb = 0;
  Offscreen(int w, int h) {
    GF_GL(glCreateRenderbuffers(1, &rb));
    GF_GL(glNamedRenderbufferStorage(rb, GL_RGBA8, w, h));
    GF_GL(glCreateFramebuffers(1, &fbo));
    GF_GL(glNamedFramebufferRenderbuffer(fbo, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb));
  }
  ~Offscreen() {
    glDeleteFramebuffers(1, &fbo);
    glDeleteRenderbuffers(1, &rb);
  }
};

void report(int n, const char* variant, const char* what, double ms) {
  const double nodes = static_cast<double>(n) * n;
  std::printf("%6d  %-26s %-44s %9.4f ms  %8.2f Gnode/s\n", n, variant, what, ms,
              nodes / (ms * 1e-3) / 1e9);
  std::fflush(stdout);
}

bool has_egl_extension(EGLDisplay d, const char* name) {
  const char* list = eglQueryString(d, EGL_EXTENSIONS);
  if (list == nullptr) return false;
  const size_t n = std::strlen(name);
  for (const char* p = list; (p = std::strstr(p, name)) != nullptr; p += n) {
    if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0')) return true;
  }
  return false;
}

// The alternative the CUDA docs give for EGL: an EGLImage of the GL texture registered with
// cudaGraphicsEGLRegisterImage needs no map/unmap ("Additional Mapping/Unmapping is not
// required"); the application orders GL and CUDA itself: GL work on the texture complete before
// CUDA writes it, CUDA work complete before GL uses it.
void probe_egl_image(int n, Renderer& renderer, cudaStream_t s) {
  const char* v = "eglimage";
  EGLDisplay dpy = eglGetCurrentDisplay();
  EGLContext ctx = eglGetCurrentContext();
  const bool cuda_event_sync = has_egl_extension(dpy, "EGL_NV_cuda_event");
  std::printf(
      "%6d  %-26s EGL_KHR_gl_texture_2D_image %d, EGL_KHR_fence_sync %d, EGL_NV_cuda_event %d, "
      "EGL_KHR_wait_sync %d\n",
      n, v, has_egl_extension(dpy, "EGL_KHR_gl_texture_2D_image"),
      has_egl_extension(dpy, "EGL_KHR_fence_sync"), cuda_event_sync,
      has_egl_extension(dpy, "EGL_KHR_wait_sync"));
  // Which ways of making an EGLImage of a GL texture this driver takes: the core call and the
  // KHR one, with and without attributes, on the immutable field texture and on a mutable one.
  auto client_buffer = [](GLuint t) {
    return reinterpret_cast<EGLClientBuffer>(static_cast<uintptr_t>(t));
  };
  auto try_make_image = [&](GLuint tex, const char* what) -> EGLImage {
    const EGLAttrib core_attribs[] = {EGL_GL_TEXTURE_LEVEL, 0, EGL_NONE};
    const EGLint khr_attribs[] = {EGL_GL_TEXTURE_LEVEL_KHR, 0, EGL_NONE};
    struct Way {
      const char* name;
      std::function<EGLImage()> make;
    };
    const Way ways[] = {
        {"eglCreateImage+level",
         [&] {
           return eglCreateImage(dpy, ctx, EGL_GL_TEXTURE_2D, client_buffer(tex), core_attribs);
         }},
        {"eglCreateImage",
         [&] { return eglCreateImage(dpy, ctx, EGL_GL_TEXTURE_2D, client_buffer(tex), nullptr); }},
        {"eglCreateImageKHR+level",
         [&] {
           return eglCreateImageKHR ? eglCreateImageKHR(dpy, ctx, EGL_GL_TEXTURE_2D_KHR,
                                                        client_buffer(tex), khr_attribs)
                                    : EGL_NO_IMAGE_KHR;
         }},
        {"eglCreateImageKHR",
         [&] {
           return eglCreateImageKHR ? eglCreateImageKHR(dpy, ctx, EGL_GL_TEXTURE_2D_KHR,
                                                        client_buffer(tex), nullptr)
                                    : EGL_NO_IMAGE_KHR;
         }},
    };
    for (const Way& w : ways) {
      glFinish();
      EGLImage img = w.make();
      std::printf("%6d  %-26s %s on %s: %s (0x%x)\n", n, v, w.name, what,
                  img == EGL_NO_IMAGE ? "failed" : "made", eglGetError());
      if (img != EGL_NO_IMAGE) return img;
    }
    return EGL_NO_IMAGE;
  };
  struct Format {
    const char* name;
    GLenum internal, format, type;
  };
  const Format formats[] = {{"glTexImage2D R32F", GL_R32F, GL_RED, GL_FLOAT},
                            {"glTexImage2D RGBA8", GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE},
                            {"glTexImage2D R32UI", GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT}};
  for (const Format& f : formats) {
    GLuint mutable_tex = 0;
    glGenTextures(1, &mutable_tex);
    glBindTexture(GL_TEXTURE_2D, mutable_tex);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
    glTexImage2D(GL_TEXTURE_2D, 0, f.internal, n, n, 0, f.format, f.type, nullptr);
    glBindTexture(GL_TEXTURE_2D, 0);
    std::printf("%6d  %-26s %s: GL error 0x%x\n", n, v, f.name, glGetError());
    EGLImage m = try_make_image(mutable_tex, f.name);
    if (m != EGL_NO_IMAGE) eglDestroyImage(dpy, m);
    glDeleteTextures(1, &mutable_tex);
  }
  // The driver takes RGBA8 textures (not R32F): the field's float bits can live in RGBA8
  // texels (the kernel's 4-byte surface writes are the same) and a shader reads them back with
  // texelFetch + packUnorm4x8 + uintBitsToFloat. Time that texture when R32F is refused.
  GLuint image_tex = renderer.field().id();
  GLuint rgba8_tex = 0;
  EGLImage image = try_make_image(image_tex, "the field texture (immutable R32F)");
  if (image == EGL_NO_IMAGE) {
    glCreateTextures(GL_TEXTURE_2D, 1, &rgba8_tex);
    glTextureStorage2D(rgba8_tex, 1, GL_RGBA8, n, n);
    glTextureParameteri(rgba8_tex, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTextureParameteri(rgba8_tex, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    image_tex = rgba8_tex;
    image = try_make_image(image_tex, "an immutable RGBA8 texture (float bits)");
  }
  if (image == EGL_NO_IMAGE) return;
  cudaGraphicsResource_t res = nullptr;
  cudaError_t e =
      cudaGraphicsEGLRegisterImage(&res, image, cudaGraphicsRegisterFlagsSurfaceLoadStore);
  if (e != cudaSuccess) {
    cudaGetLastError();
    std::printf("%6d  %-26s cudaGraphicsEGLRegisterImage(SurfaceLoadStore): %s; trying None\n", n,
                v, cuda_error_text(e).c_str());
    e = cudaGraphicsEGLRegisterImage(&res, image, cudaGraphicsRegisterFlagsNone);
  }
  if (e != cudaSuccess) {
    cudaGetLastError();
    std::printf("%6d  %-26s cudaGraphicsEGLRegisterImage failed: %s\n", n, v,
                cuda_error_text(e).c_str());
    eglDestroyImage(dpy, image);
    return;
  }
  cudaEglFrame frame{};
  GF_CUDA(cudaGraphicsResourceGetMappedEglFrame(&frame, res, 0, 0));
  if (frame.frameType != cudaEglFrameTypeArray) {
    std::printf("%6d  %-26s the EGL frame is not an array\n", n, v);
  } else {
    cudaResourceDesc desc{};
    desc.resType = cudaResourceTypeArray;
    desc.res.array.array = frame.frame.pArray[0];
    cudaSurfaceObject_t surface = 0;
    GF_CUDA(cudaCreateSurfaceObject(&surface, &desc));
    FieldParams p;
    p.nx = p.ny = n;
    const GridGeometry g = grid_geometry(p);
    cudaEvent_t done = nullptr;
    GF_CUDA(cudaEventCreateWithFlags(&done, cudaEventDisableTiming));
    // (a) host waits: a GL fence before the kernel, the CUDA event after it.
    auto recompute_host_waits = [&] {
      GLsync fence = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
      glClientWaitSync(fence, GL_SYNC_FLUSH_COMMANDS_BIT, 1000000000ull);
      glDeleteSync(fence);
      launch_field_to_surface<float>(g, surface, s);
      GF_CUDA(cudaEventRecord(done, s));
      GF_CUDA(cudaEventSynchronize(done));
    };
    // (b) device waits: CUDA waits on an EGL fence of GL's work (cudaEventCreateFromEGLSync);
    // GL waits on the CUDA event through EGL_NV_cuda_event where offered, else the host waits.
    std::vector<EGLSync> syncs;
    std::vector<cudaEvent_t> events;
    auto recompute_device_waits = [&] {
      EGLSync gl_done = eglCreateSync(dpy, EGL_SYNC_FENCE, nullptr);
      GF_GL(glFlush());
      cudaEvent_t gl_event = nullptr;
      GF_CUDA(cudaEventCreateFromEGLSync(&gl_event, gl_done, cudaEventDefault));
      GF_CUDA(cudaStreamWaitEvent(s, gl_event, 0));
      launch_field_to_surface<float>(g, surface, s);
      GF_CUDA(cudaEventRecord(done, s));
      if (cuda_event_sync) {
        const EGLAttrib a[] = {EGL_CUDA_EVENT_HANDLE_NV, reinterpret_cast<EGLAttrib>(done),
                               EGL_NONE};
        EGLSync cuda_done = eglCreateSync(dpy, EGL_SYNC_CUDA_EVENT_NV, a);
        eglWaitSync(dpy, cuda_done, 0);
        syncs.push_back(cuda_done);
      } else {
        GF_CUDA(cudaEventSynchronize(done));
      }
      syncs.push_back(gl_done);
      events.push_back(gl_event);
    };
    auto release = [&] {
      GF_CUDA(cudaStreamSynchronize(s));
      GF_GL(glFinish());
      for (cudaEvent_t ev : events) cudaEventDestroy(ev);
      for (EGLSync y : syncs) eglDestroySync(dpy, y);
      events.clear();
      syncs.clear();
    };
    Offscreen frame_fbo(512, 512);
    ViewStyle style;
    style.value_max = 200;
    auto draw = [&] {
      GF_GL(glBindFramebuffer(GL_FRAMEBUFFER, frame_fbo.fbo));
      renderer.draw(0, 0, 512, 512, style);
    };
    report(n, v, "recompute float, host waits, each synced", cpu_ms(recompute_host_waits, [] {}));
    report(n, v, "frame recompute+draw, host waits, pipelined",
           cpu_ms_pipelined(
               [&] {
                 recompute_host_waits();
                 draw();
                 GF_GL(glFlush());
               },
               [] { GF_GL(glFinish()); }));
    report(n, v,
           cuda_event_sync ? "recompute float, gpu waits (EGL syncs)"
                           : "recompute float, gpu wait + host wait",
           cpu_ms(recompute_device_waits, release));
    report(n, v, "frame recompute+draw, gpu waits, pipelined",
           cpu_ms_pipelined(
               [&] {
                 recompute_device_waits();
                 draw();
                 GF_GL(glFlush());
               },
               release));
    release();
    // Correctness of what the EGL path wrote: row 0..7 against the CPU float field.
    std::vector<float> ref(static_cast<size_t>(node_count(p))), got(static_cast<size_t>(n) * 8);
    compute_field_on_cpu<float>(p, ref.data());
    if (image_tex == rgba8_tex) {  // the same bytes, read as RGBA8
      GF_GL(glGetTextureSubImage(image_tex, 0, 0, 0, 0, n, 8, 1, GL_RGBA, GL_UNSIGNED_BYTE,
                                 static_cast<GLsizei>(got.size() * sizeof(float)), got.data()));
    } else {
      GF_GL(glGetTextureSubImage(image_tex, 0, 0, 0, 0, n, 8, 1, GL_RED, GL_FLOAT,
                                 static_cast<GLsizei>(got.size() * sizeof(float)), got.data()));
    }
    double worst = 0;
    for (size_t k = 0; k < got.size(); ++k)
      worst = std::max(worst, std::fabs(got[k] - ref[k]) / (1e-30 + std::fabs(ref[k])));
    std::printf(
        "%6d  %-26s written values vs CPU float, rows 0-7: worst relative difference %.3g\n", n, v,
        worst);
    GF_CUDA(cudaEventDestroy(done));
    GF_CUDA(cudaDestroySurfaceObject(surface));
  }
  GF_CUDA(cudaGraphicsUnregisterResource(res));
  eglDestroyImage(dpy, image);
  if (rgba8_tex != 0) glDeleteTextures(1, &rgba8_tex);
}

void probe_size(int n, Renderer& renderer) {
  FieldParams p;
  p.nx = n;
  p.ny = n;
  renderer.field().ensure_size(n, n);
  const GridGeometry g = grid_geometry(p);
  FieldParams seed = p;
  seed.formula = Formula::seed;
  const GridGeometry gs = grid_geometry(seed);
  Offscreen frame(512, 512);
  Offscreen heavy(4096, 4096);
  ViewStyle style;
  style.value_min = 0;
  style.value_max = 200;
  auto draw_into = [&](const Offscreen& o, int w) {
    GF_GL(glBindFramebuffer(GL_FRAMEBUFFER, o.fbo));
    renderer.draw(0, 0, w, w, style);
  };
  auto gl_finish = [] { GF_GL(glFinish()); };

  CudaStream owned;
  DeviceBuffer
      factors;  // the double path's pre-pass output, kept across launches as the backend keeps it
  struct StreamChoice {
    const char* name;
    cudaStream_t s;
  };
  // The legacy default stream measured the same as a non-blocking one (first run, RESULTS).
  const StreamChoice streams[] = {{"nonblocking", owned.get()}};
  for (bool discard : {true, false}) {
    for (const StreamChoice& sc : streams) {
      const cudaStream_t s = sc.s;
      const std::string variant = std::string(discard ? "ldst+discard" : "ldst") + "/" + sc.name;
      const char* v = variant.c_str();
      InteropTexture interop(InteropTexture::Options{discard});
      interop.follow(renderer.field().id(), renderer.field().generation());
      auto sync = [s] { GF_CUDA(cudaStreamSynchronize(s)); };

      if (discard && s == owned.get()) {
        // Kernels alone, inside one mapping.
        InteropTexture::Mapping m(interop, s);
        report(n, v, "kernel store-only (ceiling)",
               gpu_ms(s, [&] { launch_store_only(n, n, m.surface(), s); }));
        report(n, v, "kernel float haversine",
               gpu_ms(s, [&] { launch_field_to_surface<float>(g, m.surface(), s); }));
        report(n, v, "kernel float seed",
               gpu_ms(s, [&] { launch_field_to_surface<float>(gs, m.surface(), s); }));
        report(n, v, "kernel double haversine",
               gpu_ms(s, [&] { launch_field_to_surface<double>(g, m.surface(), s, &factors); }));
        report(n, v, "kernel double seed",
               gpu_ms(s, [&] { launch_field_to_surface<double>(gs, m.surface(), s, &factors); }));
        m.unmap();
        GF_CUDA(cudaStreamSynchronize(s));
      }
      // The synchronisation alone.
      report(n, v, "map+unmap, cpu, each synced",
             cpu_ms(
                 [&] {
                   InteropTexture::Mapping m(interop, s);
                   m.unmap();
                 },
                 sync));
      report(n, v, "map+unmap, cpu, pipelined",
             cpu_ms_pipelined(
                 [&] {
                   InteropTexture::Mapping m(interop, s);
                   m.unmap();
                 },
                 sync));
      {
        std::vector<double> map_t, unmap_t;
        for (int r = 0; r < kWarmup + kRepeats; ++r) {
          auto t0 = Clock::now();
          InteropTexture::Mapping m(interop, s);
          const double a = ms_since(t0);
          t0 = Clock::now();
          m.unmap();
          const double b = ms_since(t0);
          sync();
          if (r >= kWarmup) {
            map_t.push_back(a);
            unmap_t.push_back(b);
          }
        }
        report(n, v, "  map call alone, cpu", median(map_t));
        report(n, v, "  unmap call alone, cpu", median(unmap_t));
      }
      report(n, v, "map+unmap, gpu events", gpu_ms(s, [&] {
               InteropTexture::Mapping m(interop, s);
               m.unmap();
             }));
      // The whole recompute: map, float kernel, unmap.
      auto recompute = [&] {
        InteropTexture::Mapping m(interop, s);
        launch_field_to_surface<float>(g, m.surface(), s);
        m.unmap();
      };
      report(n, v, "recompute float, gpu events", gpu_ms(s, recompute));
      report(n, v, "recompute float, cpu, each synced", cpu_ms(recompute, sync));
      report(n, v, "recompute float, cpu, pipelined", cpu_ms_pipelined(recompute, sync));
      // Frames as the window makes them: recompute, draw, flush; GL finishes at the end.
      report(n, v, "frame draw only, pipelined",
             cpu_ms_pipelined(
                 [&] {
                   draw_into(frame, 512);
                   GF_GL(glFlush());
                 },
                 gl_finish));
      report(n, v, "frame recompute+draw, pipelined",
             cpu_ms_pipelined(
                 [&] {
                   recompute();
                   draw_into(frame, 512);
                   GF_GL(glFlush());
                 },
                 gl_finish));
      report(n, v, "frame recompute+draw, each glFinish",
             cpu_ms(
                 [&] {
                   recompute();
                   draw_into(frame, 512);
                 },
                 gl_finish));
      // What map waits for: heavy GL work queued (not finished) just before the map.
      const double heavy_ms = cpu_ms(
          [&] {
            for (int k = 0; k < 8; ++k) draw_into(heavy, 4096);
          },
          gl_finish);
      report(n, v, "heavy GL work alone (glFinish)", heavy_ms);
      {
        std::vector<double> map_t;
        for (int r = 0; r < kWarmup + kRepeats; ++r) {
          for (int k = 0; k < 8; ++k) draw_into(heavy, 4096);
          GF_GL(glFlush());
          const auto t0 = Clock::now();
          InteropTexture::Mapping m(interop, s);
          const double a = ms_since(t0);
          m.unmap();
          gl_finish();
          sync();
          if (r >= kWarmup) map_t.push_back(a);
        }
        report(n, v, "  map call after heavy GL, cpu", median(map_t));
      }
      GF_CUDA(cudaDeviceSynchronize());
      GF_GL(glFinish());
    }
  }
  probe_egl_image(n, renderer, owned.get());
  // The floor of any interop design: the kernel into a plain CUDA array, launches alone.
  {
    const SurfaceArray target(n, n);
    const cudaSurfaceObject_t surface = target.surface();
    const cudaStream_t s = owned.get();
    auto sync = [s] { GF_CUDA(cudaStreamSynchronize(s)); };
    report(n, "cudaArray (no GL)", "kernel store-only (ceiling)",
           gpu_ms(s, [&] { launch_store_only(n, n, surface, s); }));
    report(n, "cudaArray (no GL)", "kernel float haversine",
           gpu_ms(s, [&] { launch_field_to_surface<float>(g, surface, s); }));
    report(n, "cudaArray (no GL)", "kernel double haversine",
           gpu_ms(s, [&] { launch_field_to_surface<double>(g, surface, s, &factors); }));
    report(n, "cudaArray (no GL)", "launch float, cpu, each synced",
           cpu_ms([&] { launch_field_to_surface<float>(g, surface, s); }, sync));
    report(n, "cudaArray (no GL)", "launch float, cpu, pipelined",
           cpu_ms_pipelined([&] { launch_field_to_surface<float>(g, surface, s); }, sync));
  }
}

int run(int argc, char** argv) {
  std::vector<int> sizes;
  for (int a = 1; a < argc; ++a) sizes.push_back(std::atoi(argv[a]));
  if (sizes.empty()) sizes = {1000, 8192, 16384};
  HeadlessGlContext gl;
  unsigned count = 0;
  int devices[4] = {};
  GF_CUDA(cudaGLGetDevices(&count, devices, 4, cudaGLDeviceListAll));
  GF_CUDA(cudaSetDevice(devices[0]));
  cudaDeviceProp prop{};
  GF_CUDA(cudaGetDeviceProperties(&prop, devices[0]));
  int driver = 0, runtime = 0;
  GF_CUDA(cudaDriverGetVersion(&driver));
  GF_CUDA(cudaRuntimeGetVersion(&runtime));
  std::printf("probe: %s; CUDA device %d %s, %d SMs; driver API %d, runtime %d; GL %s\n",
              gl.description().c_str(), devices[0], prop.name, prop.multiProcessorCount, driver,
              runtime, reinterpret_cast<const char*>(glGetString(GL_VERSION)));
  std::printf("probe: medians of %d after %d warm-up; variants: registration flags / stream\n",
              kRepeats, kWarmup);
  Renderer renderer;
  for (int n : sizes) probe_size(n, renderer);
  return 0;
}

}  // namespace
}  // namespace geofield

int main(int argc, char** argv) {
  try {
    return geofield::run(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "probe: failed: %s\n", e.what());
    return 1;
  }
}
