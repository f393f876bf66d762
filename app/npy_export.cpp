#include "npy_export.h"

#include <bit>
#include <cstdint>

#include "atomic_file.h"

namespace geofield {

static_assert(std::endian::native == std::endian::little, "npy descr below says little-endian");

std::string npy_header(const HostField& field) {
  std::string dict = std::string("{'descr': '") +
                     (field.precision == Precision::f64 ? "<f8" : "<f4") +
                     "', 'fortran_order': False, 'shape': (" + std::to_string(field.ny) + ", " +
                     std::to_string(field.nx) + "), }";
  const size_t preamble = 10;  // magic (6) + version (2) + header length (2)
  size_t total = preamble + dict.size() + 1;
  dict.append((64 - total % 64) % 64, ' ');
  dict.push_back('\n');
  const auto len = static_cast<std::uint16_t>(dict.size());
  std::string h("\x93NUMPY\x01\x00", 8);
  h.push_back(static_cast<char>(len & 0xff));
  h.push_back(static_cast<char>(len >> 8));
  return h + dict;
}

void write_npy(const std::filesystem::path& path, const HostField& field) {
  const std::string header = npy_header(field);
  const bool f64 = field.precision == Precision::f64;
  const auto* bytes = f64 ? reinterpret_cast<const std::uint8_t*>(field.f64.data())
                          : reinterpret_cast<const std::uint8_t*>(field.f32.data());
  const size_t size = f64 ? field.f64.size() * sizeof(double) : field.f32.size() * sizeof(float);
  write_file_atomically(
      path, {std::span(reinterpret_cast<const std::uint8_t*>(header.data()), header.size()),
             std::span(bytes, size)});
}

}  // namespace geofield
