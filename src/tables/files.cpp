#include "equity/files.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <utility>

#include "equity/error.hpp"

namespace equity {

namespace fs = std::filesystem;

namespace {

std::string errno_text() { return std::strerror(errno); }

// The pid in a lock file, for the message when another run holds it.
std::string lock_owner(int fd) {
  char pid[32] = {};
  const ssize_t n = ::pread(fd, pid, sizeof pid - 1, 0);
  std::string owner = n > 0 ? std::string(pid, static_cast<std::size_t>(n)) : std::string();
  while (!owner.empty() && (owner.back() == '\n' || owner.back() == ' ')) owner.pop_back();
  return owner;
}

}  // namespace

[[noreturn]] void throw_write_error(const std::string& what, const fs::path& path) {
  throw WriteError("cannot " + what + " " + path.string() + ": " + errno_text());
}

void write_all(int fd, std::string_view data, const fs::path& path) {
  while (!data.empty()) {
    const ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      throw_write_error("write", path);
    }
    data.remove_prefix(static_cast<std::size_t>(n));
  }
}

void write_file_atomically(const fs::path& path, std::string_view contents) {
  const fs::path temporary = path.string() + ".tmp";
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw_write_error("create", temporary);
  try {
    write_all(fd, contents, temporary);
    if (::fsync(fd) != 0) throw_write_error("write", temporary);
  } catch (...) {
    ::close(fd);
    ::unlink(temporary.c_str());
    throw;
  }
  ::close(fd);
  if (::rename(temporary.c_str(), path.c_str()) != 0) {
    const std::string reason = errno_text();
    ::unlink(temporary.c_str());
    throw WriteError("cannot rename " + temporary.string() + " to " + path.string() + ": " + reason);
  }
}

void truncate_file(const fs::path& path, std::uintmax_t size) {
  if (::truncate(path.c_str(), static_cast<off_t>(size)) != 0) throw_write_error("repair", path);
}

AppendFile::AppendFile(fs::path path) : path_(std::move(path)) {
  fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd_ < 0) throw_write_error("open for writing", path_);
}

AppendFile::~AppendFile() {
  if (fd_ >= 0) {
    ::fdatasync(fd_);
    ::close(fd_);
  }
}

void AppendFile::append(std::string_view data) { write_all(fd_, data, path_); }

DirectoryLock::DirectoryLock(const fs::path& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) throw WriteError("cannot create directory " + dir.string() + ": " + ec.message());
  const fs::path path = dir / ".lock";
  fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) throw_write_error("open lock file", path);
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    const bool busy = errno == EWOULDBLOCK;
    const std::string reason = errno_text();
    const std::string owner = busy ? lock_owner(fd_) : std::string();
    ::close(fd_);
    fd_ = -1;
    if (busy)
      throw InputError(dir.string() + " is in use by another equity run" +
                       (owner.empty() ? std::string() : " (process " + owner + ")") + ": lock " + path.string() +
                       " is held; wait for it to finish (or stop it) and run again");
    throw WriteError("cannot lock " + path.string() + ": " + reason);
  }
  const std::string pid = std::to_string(::getpid()) + "\n";
  if (::ftruncate(fd_, 0) == 0) {
    [[maybe_unused]] const ssize_t n = ::pwrite(fd_, pid.data(), pid.size(), 0);
  }
}

DirectoryLock::~DirectoryLock() {
  if (fd_ >= 0) ::close(fd_);  // closing releases the lock; the file stays (see files.hpp)
}

}  // namespace equity
