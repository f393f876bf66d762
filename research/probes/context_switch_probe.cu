// Probes what one switch between two GPU contexts costs on the GPU machine, for docs/interop.md:
// is the ~0.33 ms a recompute pays between GL's work and CUDA's a property of the GL <-> CUDA
// pair, or of any two contexts taking turns on this GPU? Three pairs, the same tiny work in each
// (one 32-thread block that counts; a 64 x 64 texture clear for GL), so that only the turns cost:
//   CUDA primary context <-> a second CUDA context (driver API), host ordered and device ordered;
//   one CUDA context, two streams, device ordered (the same ordering without a switch);
//   GL (headless EGL) <-> CUDA primary context, host ordered (what the window does).
// Host wall time, medians (bench/timing.h). The switch cost is the turn minus the work alone.
//
//   geofield_context_switch_probe [--no-gl]     --no-gl: no GL context in the process at all
#include <cuda.h>
#include <cuda_runtime_api.h>
#include <glad/gl.h>

#include <cmath>
#include <cstdio>
#include <memory>
#include <string>

#include "cuda_check.h"
#include "errors.h"
#include "gl/gl_check.h"
#include "gl/headless_gl_context.h"
#include "timing.h"

namespace geofield {
namespace {

std::string cu_text(CUresult r) {
  const char* s = nullptr;
  cuGetErrorString(r, &s);
  return s ? s : "unknown CUresult " + std::to_string(static_cast<int>(r));
}

#define GF_CU(call)                                                                  \
  do {                                                                               \
    const CUresult r_ = (call);                                                      \
    if (r_ != CUDA_SUCCESS) GF_FAIL(std::string(#call) + " failed: " + cu_text(r_)); \
  } while (0)

__global__ void count_kernel(int* counter) {
  if (threadIdx.x == 0) atomicAdd(counter, 1);
}

// One CUDA context with its stream, counter and an event, all made while it is current.
struct Side {
  CUcontext ctx = nullptr;
  cudaStream_t stream = nullptr;
  cudaEvent_t done = nullptr;
  int* counter = nullptr;

  void make_current() const { GF_CU(cuCtxSetCurrent(ctx)); }
  void setup() {
    make_current();
    GF_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    GF_CUDA(cudaEventCreateWithFlags(&done, cudaEventDisableTiming));
    GF_CUDA(cudaMalloc(&counter, sizeof(int)));
    GF_CUDA(cudaMemset(counter, 0, sizeof(int)));
    GF_CUDA(cudaDeviceSynchronize());
  }
  void launch() const {
    make_current();
    count_kernel<<<1, 32, 0, stream>>>(counter);
    GF_CUDA(cudaGetLastError());
  }
  void sync() const { GF_CUDA(cudaStreamSynchronize(stream)); }
  // This side's next work waits for the other side's last (device-side ordering).
  void after(const Side& other) const {
    other.make_current();
    GF_CUDA(cudaEventRecord(other.done, other.stream));
    make_current();
    GF_CUDA(cudaStreamWaitEvent(stream, other.done, 0));
  }
};

int run(bool with_gl) {
  std::unique_ptr<HeadlessGlContext> gl;
  if (with_gl) {
    gl = std::make_unique<HeadlessGlContext>();
    std::printf("GL: %s\n", gl->description().c_str());
  } else {
    std::printf("GL: none in this process (--no-gl)\n");
  }
  GF_CUDA(cudaSetDevice(0));
  GF_CUDA(cudaFree(nullptr));  // the runtime's primary context, current from here
  cudaDeviceProp prop{};
  GF_CUDA(cudaGetDeviceProperties(&prop, 0));
  std::printf("CUDA: %s, %d SMs\n", prop.name, prop.multiProcessorCount);

  Side primary, second, primary_b;
  GF_CU(cuCtxGetCurrent(&primary.ctx));
  primary.setup();
  primary_b.ctx = primary.ctx;  // a second stream in the same context
  primary_b.setup();
  CUdevice dev = 0;
  GF_CU(cuDeviceGet(&dev, 0));
  GF_CU(cuCtxCreate(&second.ctx, nullptr, 0, dev));
  second.setup();

  GLuint tex = 0;
  if (with_gl) {
    GF_GL(glCreateTextures(GL_TEXTURE_2D, 1, &tex));
    GF_GL(glTextureStorage2D(tex, 1, GL_R32F, 64, 64));
  }
  const float one = 1.0f;
  auto gl_work_and_wait = [&] {
    GF_GL(glClearTexImage(tex, 0, GL_RED, GL_FLOAT, &one));
    GLsync fence = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    if (fence == nullptr) GF_FAIL("glFenceSync returned no fence");
    const GLenum r = glClientWaitSync(fence, GL_SYNC_FLUSH_COMMANDS_BIT, 1'000'000'000);
    glDeleteSync(fence);
    if (r != GL_ALREADY_SIGNALED && r != GL_CONDITION_SATISFIED)
      GF_FAIL("glClientWaitSync timed out");
  };

  using probe::cpu_ms;
  using probe::cpu_ms_pipelined;
  const double cuda_alone = cpu_ms([&] {
    primary.launch();
    primary.sync();
  });
  const double second_alone = cpu_ms([&] {
    second.launch();
    second.sync();
  });
  const double cuda_cuda_host = cpu_ms([&] {
    primary.launch();
    primary.sync();
    second.launch();
    second.sync();
  });
  const double gl_alone = with_gl ? cpu_ms(gl_work_and_wait) : NAN;
  const double gl_cuda_host = !with_gl ? NAN : cpu_ms([&] {
    gl_work_and_wait();
    primary.make_current();
    primary.launch();
    primary.sync();
  });
  // Device ordered, 200 turns back to back, one host wait at the end.
  auto device_ordered = [](const Side& a, const Side& b) {
    return cpu_ms_pipelined(
        [&] {
          a.after(b);
          a.launch();
          b.after(a);
          b.launch();
        },
        [&] {
          b.sync();
          a.sync();
        });
  };
  const double same_ctx_device = device_ordered(primary, primary_b);
  const double cuda_cuda_device = device_ordered(primary, second);

  std::printf("\nms (host wall time, medians)                          | value\n");
  std::printf("CUDA primary: launch + sync                            | %.4f\n", cuda_alone);
  std::printf("CUDA second context: launch + sync                     | %.4f\n", second_alone);
  std::printf("CUDA primary <-> second, host ordered, per pair        | %.4f\n", cuda_cuda_host);
  std::printf("  => per switch (pair - both alone) / 2                | %.4f\n",
              (cuda_cuda_host - cuda_alone - second_alone) / 2);
  std::printf("one context, two streams, device ordered, per pair     | %.4f\n", same_ctx_device);
  std::printf("primary <-> second, device ordered, per pair           | %.4f\n", cuda_cuda_device);
  std::printf("  => per switch (pair - same-context pair) / 2         | %.4f\n",
              (cuda_cuda_device - same_ctx_device) / 2);
  std::printf("GL: 64x64 clear + fence + client wait                  | %.4f\n", gl_alone);
  std::printf("GL <-> CUDA primary, host ordered, per pair            | %.4f\n", gl_cuda_host);
  std::printf("  => per switch (pair - both alone) / 2                | %.4f\n",
              (gl_cuda_host - gl_alone - cuda_alone) / 2);

  // The counters say every launch ran.
  int counts[3] = {};
  const Side* sides[3] = {&primary, &primary_b, &second};
  for (int i = 0; i < 3; ++i) {
    sides[i]->make_current();
    GF_CUDA(cudaMemcpy(&counts[i], sides[i]->counter, sizeof(int), cudaMemcpyDeviceToHost));
  }
  std::printf("\nlaunches counted: primary %d, primary second stream %d, second context %d\n",
              counts[0], counts[1], counts[2]);
  if (with_gl) glDeleteTextures(1, &tex);
  GF_CU(cuCtxDestroy(second.ctx));
  return 0;
}

}  // namespace
}  // namespace geofield

int main(int argc, char** argv) {
  const bool with_gl = !(argc > 1 && std::string(argv[1]) == "--no-gl");
  try {
    return geofield::run(with_gl);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "geofield_context_switch_probe: %s\n", e.what());
    return 1;
  }
}
