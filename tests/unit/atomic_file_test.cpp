// Files appear whole or not at all, and bad output paths are refused before any work.
#include "export/atomic_file.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "errors.h"
#include "usage_error_matchers.h"

namespace geofield {
namespace {

namespace fs = std::filesystem;
using test::throws_usage_error_naming;

class AtomicFile : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string tmpl = (fs::temp_directory_path() / "geofield-atomic-XXXXXX").string();
    ASSERT_NE(::mkdtemp(tmpl.data()), nullptr);
    dir_ = tmpl;
  }
  void TearDown() override {
    geofield::AtomicFile::allow_unnamed_temporaries(true);
    fs::remove_all(dir_);
  }

  std::vector<std::string> names() const {
    std::vector<std::string> v;
    for (const auto& e : fs::directory_iterator(dir_)) v.push_back(e.path().filename().string());
    return v;
  }
  static std::string read(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
  }
  static std::span<const std::uint8_t> bytes(const std::string& s) {
    return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
  }

  fs::path dir_;
};

TEST_F(AtomicFile, WritesThePiecesInOrderAndLeavesNoTemporary) {
  const fs::path target = dir_ / "out.npy";
  const std::string a = "header", b(100000, 'x'), c;
  write_file_atomically(target, {bytes(a), bytes(b), bytes(c)});
  EXPECT_EQ(read(target), a + b);
  EXPECT_EQ(names(), std::vector<std::string>{"out.npy"});
}

TEST_F(AtomicFile, ReplacesAnExistingFileWhole) {
  const fs::path target = dir_ / "out.png";
  std::ofstream(target) << std::string(5000, 'o');
  const std::string fresh = "new";
  write_file_atomically(target, {bytes(fresh)});
  EXPECT_EQ(read(target), "new");
  EXPECT_EQ(names(), std::vector<std::string>{"out.png"});
}

TEST_F(AtomicFile, IsReadableLikeAnyOtherFile) {
  const fs::path target = dir_ / "out.png";
  const mode_t old = ::umask(022);
  write_file_atomically(target, {bytes("x")});
  ::umask(old);
  struct stat st {};
  ASSERT_EQ(::stat(target.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0644u);
}

TEST_F(AtomicFile, AFailureThrowsAndLeavesNothing) {
  EXPECT_THROW(write_file_atomically(dir_ / "missing" / "out.png", {bytes("x")}), RuntimeFailure);
  // A folder in the way of the final name: the rename fails, the temporary goes.
  fs::create_directory(dir_ / "taken");
  fs::create_directory(dir_ / "taken" / "inside");
  EXPECT_THROW(write_file_atomically(dir_ / "taken", {bytes("x")}), RuntimeFailure);
  EXPECT_EQ(names(), std::vector<std::string>{"taken"});
}

TEST_F(AtomicFile, FinishedButNotCommittedLeavesNothing) {
  // render finishes every output before it renames any: one that fails later takes the
  // finished others' temporaries with it.
  {
    geofield::AtomicFile file(dir_ / "out.png");
    file.write_at(0, bytes("picture"));
    file.finish();
    EXPECT_TRUE(names().empty());  // unnamed until commit(): nothing to see, nothing to orphan
  }
  EXPECT_TRUE(names().empty());
}

TEST_F(AtomicFile, WithoutUnnamedFilesAShortScratchNameIsUsedAndRemoved) {
  geofield::AtomicFile::allow_unnamed_temporaries(false);
  {
    geofield::AtomicFile file(dir_ / "out.png");
    file.write_at(0, bytes("picture"));
    file.finish();
    ASSERT_EQ(names().size(), 1u);  // the scratch file, not yet out.png
    EXPECT_LE(names()[0].size(), 18u);
    EXPECT_FALSE(fs::exists(dir_ / "out.png"));
  }
  EXPECT_TRUE(names().empty());
  write_file_atomically(dir_ / "out.png", {bytes("whole")});
  EXPECT_EQ(read(dir_ / "out.png"), "whole");
  EXPECT_EQ(names(), std::vector<std::string>{"out.png"});
}

TEST_F(AtomicFile, AProcessKilledMidWriteLeavesNothingBehind) {
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    geofield::AtomicFile file(dir_ / "big.npy");
    const std::string block(1 << 20, 'x');
    for (int k = 0; k < 8; ++k) file.write_at(std::uint64_t(k) << 20, bytes(block));
    ::raise(SIGKILL);  // as kill -9 during a large render
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFSIGNALED(status));
  EXPECT_TRUE(names().empty());
}

TEST_F(AtomicFile, TheLongestNameTheFolderAcceptsCanBeWritten) {
  const long name_max = ::pathconf(dir_.c_str(), _PC_NAME_MAX);
  ASSERT_GT(name_max, 20);
  const std::string name = std::string(static_cast<std::size_t>(name_max) - 4, 'n') + ".npy";
  for (bool unnamed : {true, false}) {
    geofield::AtomicFile::allow_unnamed_temporaries(unnamed);
    EXPECT_NO_THROW(check_writable(dir_ / name, "--npy"));
    write_file_atomically(dir_ / name, {bytes(unnamed ? "a" : "b")});
    EXPECT_EQ(read(dir_ / name), unnamed ? "a" : "b");
    EXPECT_EQ(names(), std::vector<std::string>{name});
  }
  const std::string longer = std::string(static_cast<std::size_t>(name_max), 'n') + ".npy";
  EXPECT_TRUE(throws_usage_error_naming([&] { check_writable(dir_ / longer, "--npy"); }, "--npy"));
  try {
    check_writable(dir_ / longer, "--npy");
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("1 to " + std::to_string(name_max) + " bytes"),
              std::string::npos)
        << e.what();
  }
}

TEST_F(AtomicFile, ASymbolicLinkIsWrittenThroughAndStaysALink) {
  std::ofstream(dir_ / "real.png") << "old";
  fs::create_symlink("real.png", dir_ / "link.png");
  EXPECT_NO_THROW(check_writable(dir_ / "link.png", "--png"));
  write_file_atomically(dir_ / "link.png", {bytes("new")});
  EXPECT_TRUE(fs::is_symlink(dir_ / "link.png"));
  EXPECT_EQ(read(dir_ / "real.png"), "new");
  // A dangling link: the file it names is created.
  fs::create_symlink("later.png", dir_ / "dangling.png");
  write_file_atomically(dir_ / "dangling.png", {bytes("made")});
  EXPECT_TRUE(fs::is_symlink(dir_ / "dangling.png"));
  EXPECT_EQ(read(dir_ / "later.png"), "made");
}

TEST_F(AtomicFile, ATargetThatIsNotARegularFileIsRefusedAndKept) {
  ASSERT_EQ(::mkfifo((dir_ / "pipe").c_str(), 0600), 0);
  EXPECT_TRUE(throws_usage_error_naming([&] { check_writable(dir_ / "pipe", "--npy"); }, "--npy"));
  EXPECT_THROW(write_file_atomically(dir_ / "pipe", {bytes("x")}), RuntimeFailure);
  EXPECT_TRUE(fs::is_fifo(dir_ / "pipe"));
  EXPECT_EQ(names(), std::vector<std::string>{"pipe"});
  // A device node (as root, the rename would replace /dev/null with a plain file).
  EXPECT_TRUE(throws_usage_error_naming([&] { check_writable("/dev/null", "--npy"); }, "--npy"));
  fs::create_symlink("/dev/null", dir_ / "to-null");
  EXPECT_TRUE(
      throws_usage_error_naming([&] { check_writable(dir_ / "to-null", "--png"); }, "--png"));
}

TEST_F(AtomicFile, CommitAfterFinishRenamesOnce) {
  geofield::AtomicFile file(dir_ / "out.npy");
  file.write_at(0, bytes("data"));
  file.finish();
  file.finish();  // once only: the second does nothing
  file.commit();
  EXPECT_EQ(read(dir_ / "out.npy"), "data");
  EXPECT_EQ(names(), std::vector<std::string>{"out.npy"});
}

TEST_F(AtomicFile, CheckWritableAcceptsANewFileInAWritableFolder) {
  EXPECT_NO_THROW(check_writable(dir_ / "new.png", "--png"));
  EXPECT_TRUE(names().empty()) << "the check must not leave anything behind";
}

TEST_F(AtomicFile, CheckWritableRefusesBadPathsNamingTheOption) {
  fs::create_directory(dir_ / "folder");
  std::ofstream(dir_ / "plain.txt") << "x";
  EXPECT_TRUE(
      throws_usage_error_naming([&] { check_writable(dir_ / "folder", "--png"); }, "--png"));
  EXPECT_TRUE(
      throws_usage_error_naming([&] { check_writable(dir_ / "no" / "a.npy", "--npy"); }, "--npy"));
  EXPECT_TRUE(throws_usage_error_naming(
      [&] { check_writable(dir_ / "plain.txt" / "a.npy", "--npy"); }, "--npy"));
  EXPECT_TRUE(throws_usage_error_naming([&] { check_writable("", "--png"); }, "--png"));
}

TEST_F(AtomicFile, CheckWritableRefusesAFolderWeCannotWriteIn) {
  // Root may write anywhere on a writable file system: /proc is the folder nobody can fill.
  EXPECT_TRUE(throws_usage_error_naming([&] { check_writable("/proc/geofield-test.png", "--png"); },
                                        "--png"));
  if (::geteuid() != 0) {
    fs::create_directory(dir_ / "locked");
    fs::permissions(dir_ / "locked", fs::perms::owner_read | fs::perms::owner_exec);
    EXPECT_TRUE(throws_usage_error_naming(
        [&] { check_writable(dir_ / "locked" / "a.png", "--png"); }, "--png"));
    fs::permissions(dir_ / "locked", fs::perms::owner_all);
  }
}

}  // namespace
}  // namespace geofield
