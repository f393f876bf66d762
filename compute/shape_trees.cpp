#include "compute/shape_trees.h"

#include <algorithm>
#include <mutex>
#include <vector>

#include "errors.h"

namespace geofield {

ShapeTrees::ShapeTrees(const SiteShapes& shapes)
    : rings(shape_arcs(shapes, true)), others(shape_arcs(shapes, false)) {}

std::shared_ptr<const ShapeTrees> shape_trees_of(const ShapesPtr& shapes) {
  if (!shapes) GF_FAIL("shape_trees_of: no shapes");
  struct Entry {
    std::weak_ptr<const SiteShapes> key;
    std::shared_ptr<const ShapeTrees> trees;
  };
  // A window holds one set, a render or a batch of tiles one, a test a few: four is plenty, and
  // a set that is gone frees its trees at the next request.
  constexpr std::size_t kKept = 4;
  static std::mutex mutex;
  static std::vector<Entry> kept;
  {
    const std::lock_guard<std::mutex> lock(mutex);
    std::erase_if(kept, [](const Entry& e) { return e.key.expired(); });
    for (const Entry& e : kept) {
      if (e.key.lock() == shapes) return e.trees;
    }
  }
  // Built outside the lock: two threads asking for a new set at once build it twice, harmlessly.
  auto trees = std::make_shared<const ShapeTrees>(*shapes);
  const std::lock_guard<std::mutex> lock(mutex);
  if (kept.size() == kKept) kept.erase(kept.begin());
  kept.push_back({shapes, trees});
  return trees;
}

}  // namespace geofield
