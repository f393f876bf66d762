// Linked in builds made without a CUDA compiler.
#include "compute/cuda_device_field.h"
#include "errors.h"

namespace geofield {

namespace {
const char* const kNoCuda =
    "this build has no CUDA backend (no CUDA compiler was found when it was built)";
}

bool cuda_device_usable(std::string* why_not) {
  *why_not = kNoCuda;
  return false;
}

std::unique_ptr<DeviceFieldComputer> try_make_device_field_computer(int, std::string* why_not) {
  *why_not = kNoCuda;
  return nullptr;
}

int cuda_device_count() { return 0; }

void* allocate_device_memory(int, std::size_t) { throw RuntimeFailure(kNoCuda); }
void free_device_memory(int, void*, std::size_t) noexcept {}
bool pin_host_memory(void*, std::size_t) { return false; }
void unpin_host_memory(void*) noexcept {}
bool is_device_memory(int, const void*) { return false; }

}  // namespace geofield
