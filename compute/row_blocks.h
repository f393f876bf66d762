// Rows of a field shared out among the cores: blocks of rows handed to whichever thread asks
// next, the first exception stopping the others (the CPU backend and the nearest-centre field).
#pragma once

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace geofield {

// Whole rows handed out a block at a time to whichever thread asks next.
class RowBlocks {
 public:
  RowBlocks(int rows, int rows_per_block) : rows_(rows), per_(rows_per_block) {}
  int count() const { return (rows_ + per_ - 1) / per_; }
  // The next block of rows [*first, *last); false when none is left or stop() was called.
  bool next(int* first, int* last) {
    const int b = next_.fetch_add(1);
    if (stopped_.load() || b >= count()) return false;
    *first = b * per_;
    *last = std::min(rows_, *first + per_);
    return true;
  }
  void stop() { stopped_.store(true); }

 private:
  int rows_, per_;
  std::atomic<int> next_{0};
  std::atomic<bool> stopped_{false};
};

// Runs work() on one thread per core (this one included, at most one per block). The first
// exception from any of them stops the others at their next block and is rethrown here.
template <typename Work>
void run_on_all_cores(RowBlocks& blocks, Work work) {
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  std::mutex mutex;
  std::exception_ptr error;
  auto guarded = [&] {
    try {
      work();
    } catch (...) {
      blocks.stop();
      const std::lock_guard<std::mutex> lock(mutex);
      if (!error) error = std::current_exception();
    }
  };
  {
    std::vector<std::jthread> others;
    for (int t = 1; t < std::min(cores, blocks.count()); ++t) others.emplace_back(guarded);
    guarded();
  }
  if (error) std::rethrow_exception(error);
}

}  // namespace geofield
