#include "tiles.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "errors.h"

namespace geofield {
namespace {

// floor(k * n / parts) without overflow.
int split_at(int k, int n, int parts) {
  return static_cast<int>(static_cast<std::int64_t>(k) * n / parts);
}

// The digits of text as a whole number >= 0, or -1 when it is not one (or too large).
long long whole_or_minus_one(const std::string& text) {
  if (text.empty() || text.size() > 9) return -1;
  long long v = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return -1;
    v = v * 10 + (c - '0');
  }
  return v;
}

}  // namespace

std::optional<TileLayout> near_square_layout(int n, int nx, int ny) {
  std::optional<TileLayout> best;
  double best_cost = std::numeric_limits<double>::infinity();
  for (int tx = 1; tx <= n; ++tx) {
    if (n % tx != 0) continue;
    const int ty = n / tx;
    if (tx > nx || ty > ny) continue;
    const double cost = std::fabs(std::log((double(nx) / tx) / (double(ny) / ty)));
    if (cost < best_cost - 1e-12) {
      best_cost = cost;
      best = TileLayout{tx, ty};
    }
  }
  return best;
}

Subgrid tile_subgrid(const TileLayout& layout, int nx, int ny, int k) {
  const int row = k / layout.tiles_x, col = k % layout.tiles_x;
  Subgrid w;
  w.col0 = split_at(col, nx, layout.tiles_x);
  w.row0 = split_at(row, ny, layout.tiles_y);
  w.nx = split_at(col + 1, nx, layout.tiles_x) - w.col0;
  w.ny = split_at(row + 1, ny, layout.tiles_y) - w.row0;
  return w;
}

TileChoice parse_tile(const std::string& text, const char* option, int nx, int ny) {
  const std::string form = std::string(option) + ": " + quoted_excerpt(text) +
                           " is not K/N, K/TXxTY or all/N (tile K, 0-based, of N tiles or of TX "
                           "columns x TY rows of tiles)";
  const size_t slash = text.find('/');
  if (slash == std::string::npos) throw UsageError(form);
  // all/N: every tile; the layout is tile 0's.
  const std::string k_text = text.substr(0, slash) == "all" ? "0" : text.substr(0, slash);
  const long long k = whole_or_minus_one(k_text);
  const std::string rest = text.substr(slash + 1);
  const size_t x = rest.find('x');
  TileChoice choice;
  const std::string grid = std::to_string(nx) + " x " + std::to_string(ny) + " nodes";
  if (x == std::string::npos) {
    const long long n = whole_or_minus_one(rest);
    const bool digits = !rest.empty() && rest.find_first_not_of("0123456789") == std::string::npos;
    if (k >= 0 && digits && n < 1) {  // 0, or more digits than any tile count
      const long long most = std::min(static_cast<long long>(nx) * ny, 999999999LL);
      throw UsageError(std::string(option) + ": " + quoted_excerpt(text) +
                       ": N must be a whole number from 1 to " + std::to_string(most));
    }
    if (k < 0 || n < 1) throw UsageError(form);
    const std::optional<TileLayout> layout =
        n <= static_cast<long long>(nx) * ny ? near_square_layout(int(n), nx, ny) : std::nullopt;
    if (!layout) {
      throw UsageError(std::string(option) + ": " + quoted_excerpt(text) + ": " +
                       std::to_string(n) + " tiles do not split " + grid +
                       " into TX x TY tiles of at least one node (TX <= " + std::to_string(nx) +
                       ", TY <= " + std::to_string(ny) + ")");
    }
    choice.layout = *layout;
  } else {
    const long long tx = whole_or_minus_one(rest.substr(0, x));
    const long long ty = whole_or_minus_one(rest.substr(x + 1));
    if (k < 0 || tx < 1 || ty < 1) throw UsageError(form);
    if (tx > nx || ty > ny) {
      throw UsageError(std::string(option) + ": " + quoted_excerpt(text) + ": " + grid +
                       " take at most " + std::to_string(nx) + " x " + std::to_string(ny) +
                       " tiles (a node a tile)");
    }
    choice.layout = TileLayout{int(tx), int(ty)};
  }
  if (k >= choice.layout.count()) {
    throw UsageError(std::string(option) + ": " + quoted_excerpt(text) + ": K must be from 0 to " +
                     std::to_string(choice.layout.count() - 1));
  }
  choice.index = int(k);
  return choice;
}

void check_subgrid(const FieldParams& p, const Subgrid& w) {
  if (w.nx < 1 || w.ny < 1 || w.row0 < 0 || w.col0 < 0 || w.col0 > p.nx - w.nx ||
      w.row0 > p.ny - w.ny) {
    throw RuntimeFailure("a subgrid of rows " + std::to_string(w.row0) + " + " +
                         std::to_string(w.ny) + ", columns " + std::to_string(w.col0) + " + " +
                         std::to_string(w.nx) + " is not inside the " + std::to_string(p.nx) +
                         " x " + std::to_string(p.ny) + " grid");
  }
}

std::string describe_subgrid(const Subgrid& w, int nx, int ny) {
  return "rows " + std::to_string(w.row0) + ".." + std::to_string(w.row0 + w.ny - 1) +
         ", columns " + std::to_string(w.col0) + ".." + std::to_string(w.col0 + w.nx - 1) + " of " +
         std::to_string(nx) + " x " + std::to_string(ny) + " nodes";
}

}  // namespace geofield
