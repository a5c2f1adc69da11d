#include "batch_files.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <utility>

#include "equity/error.hpp"
#include "equity/files.hpp"

namespace equity::cli {

namespace fs = std::filesystem;

namespace {

std::optional<std::uint64_t> whole_number(std::string_view text) {
  std::uint64_t n = 0;
  const char* end = text.data() + text.size();
  const auto [last, error] = std::from_chars(text.data(), end, n);
  if (text.empty() || error != std::errc() || last != end) return std::nullopt;
  return n;
}

constexpr std::string_view kAnswerStart = "{\"line\":";
constexpr std::string_view kQuestionKey = "\"question\":\"";

}  // namespace

bool blank_line(std::string_view text) { return text.find_first_not_of(" \t\r") == std::string_view::npos; }

bool ShardLines::next(std::uint64_t& line, std::string& text) {
  while (std::getline(in_, text)) {
    ++line_;
    if (shard_.has(line_) && !blank_line(text)) {
      line = line_;
      return true;
    }
  }
  return false;
}

std::optional<std::uint64_t> answer_line_number(std::string_view text) {
  if (text.substr(0, kAnswerStart.size()) != kAnswerStart) return std::nullopt;
  text.remove_prefix(kAnswerStart.size());
  const auto end = text.find_first_of(",}");
  if (end == std::string_view::npos) return std::nullopt;
  return whole_number(text.substr(0, end));
}

std::string question_digest(std::string_view line) {
  const auto end = line.find_last_not_of(" \t\r");
  line = line.substr(0, end == std::string_view::npos ? 0 : end + 1);
  std::uint64_t hash = 0xcbf29ce484222325ULL;  // FNV-1a, 64 bits
  for (const char c : line) hash = (hash ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
  return hex;
}

std::string_view answer_digest(std::string_view answer) {
  const auto comma = answer.find(',');
  if (comma == std::string_view::npos) return {};
  answer.remove_prefix(comma + 1);
  if (answer.substr(0, kQuestionKey.size()) != kQuestionKey || answer.size() < kQuestionKey.size() + 17) return {};
  const std::string_view digest = answer.substr(kQuestionKey.size(), 16);
  return answer[kQuestionKey.size() + 16] == '"' ? digest : std::string_view();
}

bool is_error_line(std::string_view text) {
  auto comma = text.find(',');
  if (comma != std::string_view::npos && !answer_digest(text).empty()) comma = text.find(',', comma + 1);
  return comma != std::string_view::npos && text.substr(comma, 9) == ",\"error\":";
}

namespace {

// Keeps an answer after a changed one, for its question if unchanged (memory bounded).
void hold_after_change(AnswersScan& scan, std::uint64_t line, const std::string& text, std::size_t& bytes) {
  ++scan.after_change_lines;
  constexpr std::size_t kHeld = std::size_t{256} << 20;
  if (bytes + text.size() > kHeld) return;
  bytes += text.size();
  scan.after_change.emplace(line, text);
}

}  // namespace

AnswersScan scan_answers(const fs::path& path,
                         const std::function<AnswerCheck(std::uint64_t, std::string_view)>& check) {
  AnswersScan scan;
  std::ifstream in(path, std::ios::binary);
  if (!in) return scan;  // no file yet (an unreadable one fails when opened for writing)
  std::string text;
  std::uint64_t last = 0;
  std::size_t held = 0;
  for (std::uint64_t row = 1; std::getline(in, text); ++row) {
    if (in.eof()) {  // no newline after it: half-written
      scan.torn = true;
      break;
    }
    const auto where = [&] { return path.string() + ":" + std::to_string(row) + ": "; };
    const auto n = answer_line_number(text);
    if (!n || text.back() != '}')
      throw InputError(where() + "not an answer of equity batch (each line starts {\"line\":N and is one JSON object)");
    if (*n <= last)
      throw InputError(where() + "answers input line " + std::to_string(*n) + " after line " + std::to_string(last) +
                       " (answers are in input order)");
    last = *n;
    if (!scan.changed()) {
      const AnswerCheck checked = check(*n, text);
      if (!checked.error.empty()) throw InputError(where() + checked.error);
      if (!checked.changed) {
        ++scan.answers;
        scan.errors += is_error_line(text) ? 1 : 0;
        scan.last_line = *n;
        scan.complete_bytes += text.size() + 1;
        continue;
      }
    }
    hold_after_change(scan, *n, text, held);
  }
  return scan;
}

AnswersFile::AnswersFile(fs::path path) : path_(std::move(path)) {
  fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd_ < 0) throw_write_error("open for writing", path_);
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    const bool busy = errno == EWOULDBLOCK;
    const std::string reason = std::strerror(errno);
    ::close(fd_);
    fd_ = -1;
    if (busy)
      throw InputError(path_.string() +
                       " is in use by another equity batch run; wait for it to finish (or stop it) and run again");
    throw WriteError("cannot lock " + path_.string() + ": " + reason);
  }
}

AnswersFile::~AnswersFile() {
  if (fd_ >= 0) ::close(fd_);
}

void AnswersFile::cut(std::uint64_t size) {
  if (::ftruncate(fd_, static_cast<off_t>(size)) != 0) throw_write_error("repair", path_);
}

void AnswersFile::append(std::string_view lines) {
  write_all(fd_, lines, path_);
  if (::fdatasync(fd_) != 0) throw_write_error("write", path_);
}

FileBeingWritten::FileBeingWritten(fs::path path) : path_(std::move(path)), temporary_(path_.string() + ".tmp") {
  fd_ = ::open(temporary_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd_ < 0) throw_write_error("create", temporary_);
}

FileBeingWritten::~FileBeingWritten() {
  if (fd_ >= 0) {
    ::close(fd_);
    ::unlink(temporary_.c_str());
  }
}

void FileBeingWritten::flush() {
  write_all(fd_, buffer_, temporary_);
  buffer_.clear();
}

void FileBeingWritten::write(std::string_view data) {
  buffer_ += data;
  if (buffer_.size() >= (std::size_t{1} << 20)) flush();
}

void FileBeingWritten::commit() {
  flush();
  if (::fsync(fd_) != 0) throw_write_error("write", temporary_);
  ::close(fd_);
  fd_ = -1;
  if (::rename(temporary_.c_str(), path_.c_str()) != 0) {
    const std::string reason = std::strerror(errno);
    ::unlink(temporary_.c_str());
    throw WriteError("cannot rename " + temporary_.string() + " to " + path_.string() + ": " + reason);
  }
}

}  // namespace equity::cli
