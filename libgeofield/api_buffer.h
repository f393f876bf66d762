// libgeofield's buffers: memory it allocates and counts references to, so that a caller's
// array (a Python object, a DLPack consumer's tensor) may outlive the context and its frames.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "geofield.h"

struct geofield_buffer {
  std::atomic<int> references{1};
  std::int32_t memory = GEOFIELD_MEMORY_HOST;
  int device = -1;  // the CUDA device of CUDA memory
  void* data = nullptr;
  std::size_t bytes = 0;
};

namespace geofield::api {

// Throws MemoryShortage when the memory cannot be had.
geofield_buffer* make_buffer(std::int32_t memory, int device, std::size_t bytes);
void release_buffer(geofield_buffer* b) noexcept;

// A DLPack DLManagedTensor viewing b (which it holds a reference to) as ny x nx of dtype.
void* dlpack_of(geofield_buffer* b, std::int32_t dtype, std::int64_t ny, std::int64_t nx);

}  // namespace geofield::api
