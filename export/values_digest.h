// The digests that let a tile prove itself (`geofield mosaic`): of the bytes of its values as
// written, and of the text of its run. Not cryptographic: they find damage (a cut file, a flipped
// bit, the tile of another run), not a forger.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace geofield {

// 64-bit FNV-1a's constants (Fowler, Noll, Vo).
constexpr std::uint64_t kFnvOffset = 14695981039346656037ull;
constexpr std::uint64_t kFnvPrime = 1099511628211ull;

// FNV-1a over bytes, one at a time: the run's digest (a short text; speed does not matter).
std::uint64_t fnv1a_64(std::string_view bytes);

// The values' digest, fed in pieces of any size. Byte-at-a-time FNV-1a runs at ~1 GB/s, a
// tenth of the COG writer's budget; this is FNV-1a's step on 64-bit little-endian words instead
// of bytes, in 4 interleaved lanes (word k feeds lane k mod 4, lane l starting at kFnvOffset + l),
// the last block padded with zero bytes, then the lanes' 32 bytes and the byte count folded by
// fnv1a_64. Each step is a bijection of the lane's state, so any change confined to one 64-bit word
// always changes the digest. tests/e2e/render_tiles_proof_test.py recomputes it in Python.
class ValuesDigest {
 public:
  void update(const void* data, std::size_t bytes);
  std::uint64_t finish() const;

 private:
  void block(const unsigned char* b);
  std::uint64_t lanes_[4] = {kFnvOffset, kFnvOffset + 1, kFnvOffset + 2, kFnvOffset + 3};
  unsigned char pending_[32] = {};
  std::size_t pending_bytes_ = 0;
  std::uint64_t total_ = 0;
};

std::uint64_t values_digest(const void* data, std::size_t bytes);

// 16 lower-case hex digits, and back (exactly 16 hex digits, else none).
std::string digest_text(std::uint64_t digest);
std::optional<std::uint64_t> parse_digest_text(std::string_view text);

}  // namespace geofield
