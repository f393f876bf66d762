#include "api_buffer.h"

#include <dlpack/dlpack.h>

#include <cstdlib>
#include <memory>
#include <new>
#include <string>

#include "compute/cuda_device_field.h"
#include "errors.h"

namespace geofield::api {
namespace {

constexpr std::size_t kHostAlignment = 64;  // a cache line; NumPy and SIMD loads like it

// The tensor, its shape and strides, and the buffer it holds, freed together by the deleter.
struct ManagedView {
  DLManagedTensor tensor{};
  std::int64_t shape[2] = {0, 0};
  std::int64_t strides[2] = {0, 1};
  geofield_buffer* buffer = nullptr;
};

void delete_view(DLManagedTensor* t) {
  ManagedView* v = static_cast<ManagedView*>(t->manager_ctx);
  release_buffer(v->buffer);
  delete v;
}

}  // namespace

geofield_buffer* make_buffer(std::int32_t memory, int device, std::size_t bytes) {
  if (bytes == 0) throw UsageError("geofield_buffer_create: bytes must be at least 1");
  auto b = std::make_unique<geofield_buffer>();
  b->memory = memory;
  b->bytes = bytes;
  if (memory == GEOFIELD_MEMORY_CUDA) {
    b->device = device;
    b->data = allocate_device_memory(device, bytes);
  } else {
    const std::size_t rounded = (bytes + kHostAlignment - 1) / kHostAlignment * kHostAlignment;
    b->data = std::aligned_alloc(kHostAlignment, rounded);
    if (b->data == nullptr) {
      throw MemoryShortage("host memory does not hold " + std::to_string(bytes) + " more bytes");
    }
  }
  return b.release();
}

void release_buffer(geofield_buffer* b) noexcept {
  if (b == nullptr || b->references.fetch_sub(1) != 1) return;
  if (b->memory == GEOFIELD_MEMORY_CUDA) {
    free_device_memory(b->device, b->data, b->bytes);
  } else {
    std::free(b->data);
  }
  delete b;
}

void* dlpack_of(geofield_buffer* b, std::int32_t dtype, std::int64_t ny, std::int64_t nx) {
  DLDataType type{};
  type.lanes = 1;
  if (dtype == GEOFIELD_FLOAT32 || dtype == GEOFIELD_FLOAT64) {
    type.code = kDLFloat;
    type.bits = dtype == GEOFIELD_FLOAT64 ? 64 : 32;
  } else if (dtype == GEOFIELD_INT32) {
    type.code = kDLInt;
    type.bits = 32;
  } else {
    throw UsageError("geofield_buffer_dlpack: dtype " + std::to_string(dtype) +
                     " is not GEOFIELD_FLOAT32 (0), GEOFIELD_FLOAT64 (1) or GEOFIELD_INT32 (2)");
  }
  if (ny < 1 || nx < 1 ||
      static_cast<unsigned __int128>(ny) * static_cast<unsigned __int128>(nx) * (type.bits / 8) >
          b->bytes) {
    throw UsageError("geofield_buffer_dlpack: " + std::to_string(ny) + " x " + std::to_string(nx) +
                     " values of " + std::to_string(type.bits / 8) + " bytes do not fit in the " +
                     std::to_string(b->bytes) + "-byte buffer");
  }
  auto v = std::make_unique<ManagedView>();
  v->shape[0] = ny;
  v->shape[1] = nx;
  v->strides[0] = nx;
  DLTensor& t = v->tensor.dl_tensor;
  t.data = b->data;
  t.device.device_type = b->memory == GEOFIELD_MEMORY_CUDA ? kDLCUDA : kDLCPU;
  t.device.device_id = b->memory == GEOFIELD_MEMORY_CUDA ? b->device : 0;
  t.ndim = 2;
  t.dtype = type;
  t.shape = v->shape;
  t.strides = v->strides;
  t.byte_offset = 0;
  v->tensor.manager_ctx = v.get();
  v->tensor.deleter = delete_view;
  b->references.fetch_add(1);
  v->buffer = b;
  return &v.release()->tensor;
}

}  // namespace geofield::api
