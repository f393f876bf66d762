// Probes external-memory interop on the GPU machine, for docs/interop.md: the field's memory
// allocated by CUDA (virtual memory management, exportable as a POSIX file descriptor),
// imported by GL (GL_EXT_memory_object_fd) as
//   buffer : a GL buffer object, CUDA writing it through its own virtual address;
//   texture: a GL_R32F texture with optimal tiling, CUDA writing it through a CUDA array made
//            from the same memory (cudaImportExternalMemory + a mapped mipmapped array).
// No map/unmap: the host orders the two APIs (a GL fence before the kernel, a CUDA event after).
// Says what the driver accepts, checks the whole field GL sees against the CPU's, and times the
// recompute and frames against map/unmap of a registered texture with the same GL work.
//
//   geofield_external_memory_probe [N ...]     sizes N x N (default 1000 8192)
#include <glad/gl.h>
// After glad: the GL types the CUDA GL interop header wants.
#include <cuda.h>
#include <cuda_gl_interop.h>
#include <cuda_runtime_api.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "backends/cpu_backend.h"
#include "backends/interop_texture.h"
#include "cuda_check.h"
#include "device_memory.h"
#include "field_kernel.h"
#include "field_params.h"
#include "gl/gl_check.h"
#include "gl/gl_shader.h"
#include "gl/headless_gl_context.h"
#include "timing.h"

namespace geofield {
namespace {

using namespace probe;

void report(int n, const char* variant, const char* what, double ms) {
  std::printf("%6d  %-10s %-58s %9.4f ms\n", n, variant, what, ms);
  std::fflush(stdout);
}

void say(int n, const char* variant, const std::string& what) {
  std::printf("%6d  %-10s %s\n", n, variant, what.c_str());
  std::fflush(stdout);
}

std::string cu_text(CUresult r) {
  const char* s = nullptr;
  cuGetErrorString(r, &s);
  return s ? s : "unknown CUresult " + std::to_string(static_cast<int>(r));
}

#define PROBE_CU(call)                                                                         \
  do {                                                                                         \
    const CUresult r_ = (call);                                                                \
    if (r_ != CUDA_SUCCESS) throw std::runtime_error(std::string(#call) + ": " + cu_text(r_)); \
  } while (0)

// GL errors named, not thrown: the probe reports what the driver refuses and goes on.
bool gl_ok(int n, const char* variant, const char* call) {
  const GLenum e = glGetError();
  if (e == GL_NO_ERROR) return true;
  say(n, variant, std::string(call) + ": GL error " + gl_error_name(e));
  return false;
}

// Device memory from cuMemCreate that can be exported as a POSIX file descriptor.
struct ExportableMemory {
  CUmemGenericAllocationHandle handle = 0;
  CUmemAllocationProp prop{};
  std::size_t size = 0;
  CUdeviceptr va = 0;

  ExportableMemory(int device, std::size_t bytes) {
    prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
    prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
    prop.location.id = device;
    prop.requestedHandleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
    std::size_t granularity = 0;
    PROBE_CU(
        cuMemGetAllocationGranularity(&granularity, &prop, CU_MEM_ALLOC_GRANULARITY_RECOMMENDED));
    size = (bytes + granularity - 1) / granularity * granularity;
    PROBE_CU(cuMemCreate(&handle, size, &prop, 0));
  }
  ~ExportableMemory() {
    if (va != 0) {
      cuMemUnmap(va, size);
      cuMemAddressFree(va, size);
    }
    cuMemRelease(handle);
  }
  int export_fd() {
    int fd = -1;
    PROBE_CU(
        cuMemExportToShareableHandle(&fd, handle, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0));
    return fd;
  }
  float* map() {
    PROBE_CU(cuMemAddressReserve(&va, size, 0, 0, 0));
    PROBE_CU(cuMemMap(va, size, 0, handle, 0));
    CUmemAccessDesc access{};
    access.location = prop.location;
    access.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
    PROBE_CU(cuMemSetAccess(va, size, &access, 1));
    return reinterpret_cast<float*>(va);
  }
};

// Imports fd into a new GL memory object; 0 when GL refuses (said).
GLuint import_into_gl(int n, const char* v, int fd, std::size_t size, bool dedicated) {
  GLuint mem = 0;
  glCreateMemoryObjectsEXT(1, &mem);
  if (!gl_ok(n, v, "glCreateMemoryObjectsEXT")) return 0;
  const GLint d = dedicated ? GL_TRUE : GL_FALSE;
  glMemoryObjectParameterivEXT(mem, GL_DEDICATED_MEMORY_OBJECT_EXT, &d);
  gl_ok(n, v, "glMemoryObjectParameterivEXT(DEDICATED)");
  glImportMemoryFdEXT(mem, size, GL_HANDLE_TYPE_OPAQUE_FD_EXT, fd);
  if (!gl_ok(n, v, "glImportMemoryFdEXT")) {
    ::close(fd);
    glDeleteMemoryObjectsEXT(1, &mem);
    return 0;
  }
  return mem;
}

// The whole field GL sees against the CPU's float field: the worst relative difference.
double worst_against_cpu(const std::vector<float>& got, const std::vector<float>& ref) {
  double worst = 0;
  for (std::size_t k = 0; k < got.size(); ++k) {
    const double d = std::fabs(double(got[k]) - ref[k]) / (1e-30 + std::fabs(double(ref[k])));
    if (!(d <= worst)) worst = std::isnan(d) ? INFINITY : d;
  }
  return worst;
}

std::string relative(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", x);
  return text;
}

// A small GL read of the field in a frame (a window's draw reads it): 512 x 512 texels.
struct SmallTarget {
  GLuint tex = 0, buf = 0;
  SmallTarget() {
    GF_GL(glCreateTextures(GL_TEXTURE_2D, 1, &tex));
    GF_GL(glTextureStorage2D(tex, 1, GL_R32F, 512, 512));
    GF_GL(glCreateBuffers(1, &buf));
    GF_GL(glNamedBufferStorage(buf, 512 * 512 * 4, nullptr, 0));
  }
  ~SmallTarget() {
    glDeleteTextures(1, &tex);
    glDeleteBuffers(1, &buf);
  }
};

struct Context {
  int n;
  int device;
  cudaStream_t s;
  FieldParams p;
  GridGeometry g;
  std::vector<float> ref;
  SmallTarget small;
  cudaEvent_t done = nullptr;
};

// The host ordering a window would use without map/unmap: GL finished its reads of the field
// (a fence, waited on the host), the kernel, the CUDA event waited on the host; then a GL
// texture-fetch barrier so GL draws see the new texels.
void timed_variants(Context& c, const char* v, const std::function<void()>& launch,
                    const std::function<void()>& gl_read) {
  auto recompute = [&] {
    GLsync fence = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    glClientWaitSync(fence, GL_SYNC_FLUSH_COMMANDS_BIT, 1000000000ull);
    glDeleteSync(fence);
    launch();
    GF_CUDA(cudaEventRecord(c.done, c.s));
    GF_CUDA(cudaEventSynchronize(c.done));
    glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
  };
  auto launch_synced = [&] {
    launch();
    GF_CUDA(cudaEventRecord(c.done, c.s));
    GF_CUDA(cudaEventSynchronize(c.done));
  };
  report(c.n, v, "kernel alone (gpu events)", gpu_ms(c.s, launch));
  report(c.n, v, "launch + event sync, no GL call (cpu)", cpu_ms(launch_synced));
  report(c.n, v, "recompute: GL fence wait, kernel, event sync (cpu)", cpu_ms(recompute));
  report(c.n, v, "frame: GL read + flush only, pipelined",
         cpu_ms_pipelined(
             [&] {
               gl_read();
               glFlush();
             },
             [] { glFinish(); }));
  report(c.n, v, "frame: recompute + GL read + flush, pipelined",
         cpu_ms_pipelined(
             [&] {
               recompute();
               gl_read();
               glFlush();
             },
             [] { glFinish(); }));
  report(c.n, v, "frame: recompute + GL read + glFinish, each", cpu_ms([&] {
           recompute();
           gl_read();
           glFinish();
         }));
  GF_GL(glFinish());
}

void probe_buffer(Context& c) {
  const char* v = "buffer";
  const int n = c.n;
  const std::size_t bytes = static_cast<std::size_t>(n) * n * sizeof(float);
  ExportableMemory memory(c.device, bytes);
  float* field = memory.map();
  const GLuint mem = import_into_gl(n, v, memory.export_fd(), memory.size, false);
  if (mem == 0) return;
  GLuint buf = 0;
  glCreateBuffers(1, &buf);
  glNamedBufferStorageMemEXT(buf, static_cast<GLsizeiptr>(bytes), mem, 0);
  if (gl_ok(n, v, "glNamedBufferStorageMemEXT")) {
    launch_field_to_buffer<float, float>(c.g, field, c.s);
    GF_CUDA(cudaStreamSynchronize(c.s));
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    std::vector<float> got(static_cast<std::size_t>(n) * n);
    GF_GL(glGetNamedBufferSubData(buf, 0, static_cast<GLsizeiptr>(bytes), got.data()));
    say(n, v,
        "whole field read by GL vs CPU float: worst relative difference " +
            relative(worst_against_cpu(got, c.ref)));
    timed_variants(
        c, v, [&] { launch_field_to_buffer<float, float>(c.g, field, c.s); },
        [&] { glCopyNamedBufferSubData(buf, c.small.buf, 0, 0, 512 * 512 * 4); });
  }
  glDeleteBuffers(1, &buf);
  glDeleteMemoryObjectsEXT(1, &mem);
  GF_CUDA(cudaDeviceSynchronize());
}

void probe_texture(Context& c, bool dedicated, std::size_t slack) {
  const std::string name = dedicated ? "tex/ded" : "texture";
  const char* v = name.c_str();
  const int n = c.n;
  const std::size_t bytes = static_cast<std::size_t>(n) * n * sizeof(float) + slack;
  ExportableMemory memory(c.device, bytes);
  const GLuint mem = import_into_gl(n, v, memory.export_fd(), memory.size, dedicated);
  if (mem == 0) return;
  GLuint tex = 0;
  glCreateTextures(GL_TEXTURE_2D, 1, &tex);
  glTextureParameteri(tex, GL_TEXTURE_TILING_EXT, GL_OPTIMAL_TILING_EXT);
  gl_ok(n, v, "glTextureParameteri(TILING, OPTIMAL)");
  glTextureStorageMem2DEXT(tex, 1, GL_R32F, n, n, mem, 0);
  cudaExternalMemory_t ext = nullptr;
  cudaMipmappedArray_t mip = nullptr;
  cudaSurfaceObject_t surface = 0;
  if (gl_ok(n, v, "glTextureStorageMem2DEXT(R32F)")) {
    cudaExternalMemoryHandleDesc d{};
    d.type = cudaExternalMemoryHandleTypeOpaqueFd;
    d.handle.fd = memory.export_fd();
    d.size = memory.size;
    d.flags = dedicated ? cudaExternalMemoryDedicated : 0;
    cudaError_t e = cudaImportExternalMemory(&ext, &d);
    if (e != cudaSuccess) {
      cudaGetLastError();
      ::close(d.handle.fd);
      say(n, v, "cudaImportExternalMemory(OpaqueFd of cuMemCreate): " + cuda_error_text(e));
    } else {
      cudaExternalMemoryMipmappedArrayDesc md{};
      md.offset = 0;
      md.formatDesc = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
      md.extent = cudaExtent{static_cast<std::size_t>(n), static_cast<std::size_t>(n), 0};
      md.flags = cudaArraySurfaceLoadStore;
      md.numLevels = 1;
      e = cudaExternalMemoryGetMappedMipmappedArray(&mip, ext, &md);
      if (e != cudaSuccess) {
        cudaGetLastError();
        say(n, v, "cudaExternalMemoryGetMappedMipmappedArray: " + cuda_error_text(e));
      } else {
        cudaArray_t array = nullptr;
        GF_CUDA(cudaGetMipmappedArrayLevel(&array, mip, 0));
        cudaResourceDesc rd{};
        rd.resType = cudaResourceTypeArray;
        rd.res.array.array = array;
        GF_CUDA(cudaCreateSurfaceObject(&surface, &rd));
        launch_field_to_surface<float>(c.g, surface, c.s);
        GF_CUDA(cudaStreamSynchronize(c.s));
        glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT);
        std::vector<float> got(static_cast<std::size_t>(n) * n);
        GF_GL(glPixelStorei(GL_PACK_ALIGNMENT, 4));
        GF_GL(glGetTextureImage(tex, 0, GL_RED, GL_FLOAT, static_cast<GLsizei>(got.size() * 4),
                                got.data()));
        say(n, v,
            "whole field read by GL (glGetTextureImage) vs CPU float: worst relative difference " +
                relative(worst_against_cpu(got, c.ref)));
        // Does a GL draw see CUDA's texels too (sampling, not the transfer path)? Copy a 512^2
        // corner with glCopyImageSubData and compare.
        GF_GL(glCopyImageSubData(tex, GL_TEXTURE_2D, 0, 0, 0, 0, c.small.tex, GL_TEXTURE_2D, 0, 0,
                                 0, 0, 512, 512, 1));
        std::vector<float> corner(512 * 512), ref_corner(512 * 512);
        GF_GL(glGetTextureImage(c.small.tex, 0, GL_RED, GL_FLOAT, 512 * 512 * 4, corner.data()));
        for (int i = 0; i < 512; ++i)
          for (int j = 0; j < 512; ++j)
            ref_corner[i * 512 + j] = c.ref[static_cast<std::size_t>(i) * n + j];
        say(n, v,
            "512^2 corner copied by GL vs CPU float: worst relative difference " +
                relative(worst_against_cpu(corner, ref_corner)));
        // A second field (another reference point) must replace the first everywhere.
        FieldParams q = c.p;
        q.ref_lat_deg = 29.2;
        launch_field_to_surface<float>(grid_geometry(q), surface, c.s);
        GF_CUDA(cudaStreamSynchronize(c.s));
        glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT);
        std::vector<float> ref2(got.size());
        compute_field_on_cpu<float>(q, ref2.data());
        GF_GL(glGetTextureImage(tex, 0, GL_RED, GL_FLOAT, static_cast<GLsizei>(got.size() * 4),
                                got.data()));
        say(n, v,
            "second field vs CPU float: worst relative difference " +
                relative(worst_against_cpu(got, ref2)));
        timed_variants(
            c, v, [&] { launch_field_to_surface<float>(c.g, surface, c.s); },
            [&] {
              glCopyImageSubData(tex, GL_TEXTURE_2D, 0, 0, 0, 0, c.small.tex, GL_TEXTURE_2D, 0, 0,
                                 0, 0, 512, 512, 1);
            });
      }
    }
  }
  GF_CUDA(cudaDeviceSynchronize());
  if (surface != 0) cudaDestroySurfaceObject(surface);
  if (mip != nullptr) cudaFreeMipmappedArray(mip);
  if (ext != nullptr) cudaDestroyExternalMemory(ext);
  glDeleteTextures(1, &tex);
  glDeleteMemoryObjectsEXT(1, &mem);
}

// The design that avoids the switch between contexts: the per-node part computed by GL itself
// (a compute shader), the row and column factors by the shared math on the host and uploaded
// (O(nx + ny)); GLSL's own sin/cos are too coarse for the factors (absolute, not relative,
// error). Float only: GLSL has no double trigonometry.
constexpr const char* kCombineShader = R"glsl(#version 450
layout(local_size_x = 32, local_size_y = 8) in;
layout(r32f, binding = 0) uniform writeonly image2D u_field;
layout(std430, binding = 0) readonly buffer Rows { vec4 rows[]; };  // a0, b0, c, unused
layout(std430, binding = 1) readonly buffer Cols { vec2 cols[]; };  // s, k
uniform float u_two_radius;
uniform ivec2 u_size;
uniform int u_store_only;
void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  if (p.x >= u_size.x || p.y >= u_size.y) return;
  if (u_store_only != 0) { imageStore(u_field, p, vec4(float(p.x + p.y))); return; }
  vec4 r = rows[p.y];
  vec2 c = cols[p.x];
  float a = r.x + r.z * c.x;
  float b = r.y + r.z * c.y;
  imageStore(u_field, p, vec4(u_two_radius * atan(sqrt(a), sqrt(b))));
}
)glsl";

void probe_gl_compute(Context& c, FieldTexture& field) {
  const char* v = "gl-compute";
  const int n = c.n;
  field.ensure_size(n, n);
  GLuint program = 0;
  try {
    program = link_program({compile_shader(GL_COMPUTE_SHADER, kCombineShader, "combine")});
  } catch (const std::exception& e) {
    say(n, v, e.what());
    return;
  }
  GLuint bufs[2] = {};
  GF_GL(glCreateBuffers(2, bufs));
  GF_GL(glNamedBufferStorage(bufs[0], static_cast<GLsizeiptr>(n) * 16, nullptr,
                             GL_DYNAMIC_STORAGE_BIT));
  GF_GL(glNamedBufferStorage(bufs[1], static_cast<GLsizeiptr>(n) * 8, nullptr,
                             GL_DYNAMIC_STORAGE_BIT));
  std::vector<float> rows(static_cast<std::size_t>(n) * 4), cols(static_cast<std::size_t>(n) * 2);
  auto factors = [&] {
    for (int i = 0; i < n; ++i) {
      const RowFactors<float> r = row_factors<float>(c.g, i);
      rows[4 * i] = r.a0;
      rows[4 * i + 1] = r.b0;
      rows[4 * i + 2] = r.c;
    }
    for (int j = 0; j < n; ++j) {
      const ColFactors<float> k = col_factors<float>(c.g, j);
      cols[2 * j] = k.s;
      cols[2 * j + 1] = k.k;
    }
  };
  auto upload = [&] {
    GF_GL(glNamedBufferSubData(bufs[0], 0, static_cast<GLsizeiptr>(rows.size() * 4), rows.data()));
    GF_GL(glNamedBufferSubData(bufs[1], 0, static_cast<GLsizeiptr>(cols.size() * 4), cols.data()));
  };
  auto dispatch = [&](int store_only) {
    GF_GL(glUseProgram(program));
    GF_GL(glUniform1f(glGetUniformLocation(program, "u_two_radius"),
                      static_cast<float>(2 * c.g.radius)));
    GF_GL(glUniform2i(glGetUniformLocation(program, "u_size"), n, n));
    GF_GL(glUniform1i(glGetUniformLocation(program, "u_store_only"), store_only));
    GF_GL(glBindImageTexture(0, field.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32F));
    GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, bufs[0]));
    GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, bufs[1]));
    GF_GL(glDispatchCompute((n + 31) / 32, (n + 7) / 8, 1));
    GF_GL(glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT));
  };
  factors();
  upload();
  dispatch(0);
  std::vector<float> got(static_cast<std::size_t>(n) * n);
  GF_GL(glPixelStorei(GL_PACK_ALIGNMENT, 4));
  GF_GL(glGetTextureImage(field.id(), 0, GL_RED, GL_FLOAT, static_cast<GLsizei>(got.size() * 4),
                          got.data()));
  say(n, v,
      "whole field vs CPU float: worst relative difference " +
          relative(worst_against_cpu(got, c.ref)));
  // GPU time by a timer query around the dispatch alone.
  auto gl_gpu_ms = [&](const std::function<void()>& body) {
    GLuint q = 0;
    glGenQueries(1, &q);
    std::vector<double> t;
    for (int r = 0; r < kWarmup + kRepeats; ++r) {
      glBeginQuery(GL_TIME_ELAPSED, q);
      body();
      glEndQuery(GL_TIME_ELAPSED);
      GLuint64 ns = 0;
      glGetQueryObjectui64v(q, GL_QUERY_RESULT, &ns);
      if (r >= kWarmup) t.push_back(ns * 1e-6);
    }
    glDeleteQueries(1, &q);
    return median(t);
  };
  report(n, v, "dispatch store-only (gpu timer query)", gl_gpu_ms([&] { dispatch(1); }));
  report(n, v, "dispatch combine (gpu timer query)", gl_gpu_ms([&] { dispatch(0); }));
  report(n, v, "upload factors + dispatch (gpu timer query)", gl_gpu_ms([&] {
           upload();
           dispatch(0);
         }));
  report(n, v, "factors on the host, one thread (cpu)", cpu_ms(factors));
  report(n, v, "recompute: factors, upload, dispatch, glFinish (cpu)", cpu_ms([&] {
           factors();
           upload();
           dispatch(0);
           glFinish();
         }));
  report(n, v, "recompute without host factors, glFinish (cpu)", cpu_ms([&] {
           upload();
           dispatch(0);
           glFinish();
         }));
  auto gl_read = [&] {
    glCopyImageSubData(field.id(), GL_TEXTURE_2D, 0, 0, 0, 0, c.small.tex, GL_TEXTURE_2D, 0, 0, 0,
                       0, 512, 512, 1);
  };
  report(n, v, "frame: upload + dispatch + GL read + flush, pipelined",
         cpu_ms_pipelined(
             [&] {
               upload();
               dispatch(0);
               gl_read();
               glFlush();
             },
             [] { glFinish(); }));
  glDeleteBuffers(2, bufs);
  glDeleteProgram(program);
  GF_GL(glFinish());
}

// The present design with the same GL work, for comparison: map, kernel, unmap.
void probe_map_unmap(Context& c, FieldTexture& field) {
  const char* v = "map/unmap";
  field.ensure_size(c.n, c.n);
  InteropTexture interop;
  interop.follow(field.id(), field.generation());
  auto recompute = [&] {
    InteropTexture::Mapping m(interop, c.s);
    launch_field_to_surface<float>(c.g, m.surface(), c.s);
    m.unmap();
  };
  auto gl_read = [&] {
    glCopyImageSubData(field.id(), GL_TEXTURE_2D, 0, 0, 0, 0, c.small.tex, GL_TEXTURE_2D, 0, 0, 0,
                       0, 512, 512, 1);
  };
  report(c.n, v, "recompute: map, kernel, unmap, stream sync (cpu)", cpu_ms([&] {
           recompute();
           GF_CUDA(cudaStreamSynchronize(c.s));
         }));
  report(c.n, v, "frame: GL read + flush only, pipelined",
         cpu_ms_pipelined(
             [&] {
               gl_read();
               glFlush();
             },
             [] { glFinish(); }));
  report(c.n, v, "frame: recompute + GL read + flush, pipelined",
         cpu_ms_pipelined(
             [&] {
               recompute();
               gl_read();
               glFlush();
             },
             [] { glFinish(); }));
  report(c.n, v, "frame: recompute + GL read + glFinish, each", cpu_ms([&] {
           recompute();
           gl_read();
           glFinish();
         }));
  GF_GL(glFinish());
  GF_CUDA(cudaDeviceSynchronize());
}

int run(int argc, char** argv) {
  std::vector<int> sizes;
  for (int a = 1; a < argc; ++a) sizes.push_back(std::atoi(argv[a]));
  if (sizes.empty()) sizes = {1000, 8192};
  HeadlessGlContext gl;
  unsigned count = 0;
  int devices[4] = {};
  GF_CUDA(cudaGLGetDevices(&count, devices, 4, cudaGLDeviceListAll));
  GF_CUDA(cudaSetDevice(devices[0]));
  GF_CUDA(cudaFree(nullptr));  // the primary context, current for the driver API calls too
  int vmm = 0, posix = 0;
  CUdevice cu_device = 0;
  PROBE_CU(cuDeviceGet(&cu_device, devices[0]));
  PROBE_CU(cuDeviceGetAttribute(&vmm, CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED,
                                cu_device));
  PROBE_CU(cuDeviceGetAttribute(
      &posix, CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED, cu_device));
  std::printf("probe: %s; GL %s; VMM %d, POSIX fd handles %d; GL_EXT_memory_object_fd %d\n",
              gl.description().c_str(), reinterpret_cast<const char*>(glGetString(GL_VERSION)), vmm,
              posix, GLAD_GL_EXT_memory_object_fd);
  CudaStream stream;
  FieldTexture field;
  for (int n : sizes) {
    Context c{n, devices[0], stream.get(), {}, {}, {}, {}, nullptr};
    c.p.nx = c.p.ny = n;
    c.g = grid_geometry(c.p);
    c.ref.resize(static_cast<std::size_t>(n) * n);
    compute_field_on_cpu<float>(c.p, c.ref.data());
    GF_CUDA(cudaEventCreateWithFlags(&c.done, cudaEventDisableTiming));
    for (auto& step : std::vector<std::function<void()>>{
             [&] { probe_buffer(c); }, [&] { probe_texture(c, false, 4u << 20); },
             [&] { probe_texture(c, true, 4u << 20); }, [&] { probe_map_unmap(c, field); },
             [&] { probe_gl_compute(c, field); }}) {
      try {
        step();
      } catch (const std::exception& e) {
        std::printf("%6d  failed: %s\n", n, e.what());
        cudaGetLastError();
        while (glGetError() != GL_NO_ERROR) {
        }
      }
    }
    cudaEventDestroy(c.done);
  }
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
