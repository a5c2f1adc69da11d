// `equity serve` against hostile clients and pages (issue 29): each request of the review is sent
// over raw loopback sockets to a running `equity serve` (a child process, so that its memory can be
// read from /proc), and the server must refuse it with the right status within its limits, then
// keep answering exactly. Every test is bounded in count and time and talks to 127.0.0.1 only.
#include <arpa/inet.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "test_support.hpp"

extern char** environ;

namespace equity {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// `equity serve ARGS` as a child process: its URL (from the line it prints), its port and its pid.
class ServerProcess {
 public:
  explicit ServerProcess(const std::vector<std::string>& args) {
    static int counter = 0;
    log_ = fs::temp_directory_path() / ("equity_hostile_" + std::to_string(getpid()) + "_" + std::to_string(counter++));
    std::vector<std::string> argv = {EQUITY_BINARY, "serve"};
    argv.insert(argv.end(), args.begin(), args.end());
    std::vector<char*> cargv;
    for (auto& a : argv) cargv.push_back(a.data());
    cargv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, (log_.string() + ".out").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&actions, 2, (log_.string() + ".err").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (posix_spawn(&pid_, argv[0].c_str(), &actions, nullptr, cargv.data(), environ) != 0) pid_ = -1;
    posix_spawn_file_actions_destroy(&actions);
    const std::regex printed(R"(http://([^ ]+):([0-9]+)/(\?token=([0-9a-f]+))?)");
    for (int i = 0; i < 200 && pid_ > 0; ++i) {  // up to 20 s
      std::smatch m;
      const std::string out = out_text();
      if (std::regex_search(out, m, printed)) {
        url_ = m[0];
        port_ = std::stoi(m[2]);
        token_ = m[4];
        return;
      }
      if (waitpid(pid_, &status_, WNOHANG) == pid_) {
        exited_ = true;
        return;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }
  ~ServerProcess() {
    stop();
    fs::remove(log_.string() + ".out");
    fs::remove(log_.string() + ".err");
  }
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  // SIGTERM, then the exit code (up to 10 s; then SIGKILL and -1).
  int stop() {
    if (pid_ <= 0) return -1;
    if (!exited_) {
      kill(pid_, SIGTERM);
      for (int i = 0; i < 100 && !exited_; ++i) {
        if (waitpid(pid_, &status_, WNOHANG) == pid_)
          exited_ = true;
        else
          std::this_thread::sleep_for(std::chrono::milliseconds(100));
      }
      if (!exited_) {
        kill(pid_, SIGKILL);
        waitpid(pid_, &status_, 0);
        exited_ = true;
        return -1;
      }
    }
    return WIFEXITED(status_) ? WEXITSTATUS(status_) : -1;
  }
  // Whether the process is still running (not crashed).
  bool alive() {
    if (exited_ || pid_ <= 0) return false;
    if (waitpid(pid_, &status_, WNOHANG) == pid_) exited_ = true;
    return !exited_;
  }
  // The peak resident memory of the server in bytes (VmHWM), 0 when unknown.
  std::size_t peak_memory() const {
    std::ifstream in("/proc/" + std::to_string(pid_) + "/status");
    std::string line;
    while (std::getline(in, line))
      if (line.rfind("VmHWM:", 0) == 0) return std::stoull(line.substr(6)) * 1024;
    return 0;
  }
  int port() const { return port_; }
  const std::string& url() const { return url_; }
  const std::string& token() const { return token_; }
  std::string out_text() const { return read((log_.string() + ".out")); }
  std::string err_text() const { return read((log_.string() + ".err")); }

 private:
  static std::string read(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }
  fs::path log_;
  pid_t pid_ = -1;
  int status_ = 0;
  bool exited_ = false;
  int port_ = 0;
  std::string url_, token_;
};

// A blocking loopback socket with a `timeout` on each read and write.
class Socket {
 public:
  explicit Socket(int port, double timeout = 5) : fd_(socket(AF_INET, SOCK_STREAM, 0)) {
    timeval tv{static_cast<time_t>(timeout), static_cast<suseconds_t>((timeout - static_cast<int>(timeout)) * 1e6)};
    setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    setsockopt(fd_, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    const int one = 1;
    setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    connected_ = connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
  }
  ~Socket() {
    if (fd_ >= 0) close(fd_);
  }
  Socket(const Socket&) = delete;
  Socket& operator=(const Socket&) = delete;
  bool connected() const { return connected_; }

  // Sends all of `data`; false when the server closed or reset the connection first.
  bool send(std::string_view data) {
    while (!data.empty()) {
      const ssize_t n = ::send(fd_, data.data(), data.size(), MSG_NOSIGNAL);
      if (n <= 0) return false;
      data.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
  }
  // Whether the server has closed the connection (a read returns end of file or a reset) within
  // `seconds`, reading and dropping anything it sends first.
  bool closed_within(double seconds) {
    const auto start = Clock::now();
    char buffer[4096];
    while (seconds_since(start) < seconds) {
      pollfd p{fd_, POLLIN, 0};
      if (poll(&p, 1, 50) > 0) {
        const ssize_t n = recv(fd_, buffer, sizeof buffer, MSG_DONTWAIT);
        if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)) return true;
      }
    }
    return false;
  }

  struct Reply {
    int status = -1;         // -1: no answer
    std::string head, body;  // the status line and headers, and the body
    std::string header(const std::string& name) const {
      const std::regex re("\r\n" + name + ": *([^\r]*)\r\n", std::regex::icase);
      std::smatch m;
      return std::regex_search(head, m, re) ? std::string(m[1]) : std::string();
    }
  };
  // Reads one answer: the head, then the body by its Content-Length (or to the end).
  Reply read_reply() {
    Reply r;
    std::string data;
    char buffer[16384];
    std::size_t end = std::string::npos;
    while ((end = data.find("\r\n\r\n")) == std::string::npos) {
      const ssize_t n = recv(fd_, buffer, sizeof buffer, 0);
      if (n <= 0) return r;
      data.append(buffer, static_cast<std::size_t>(n));
    }
    r.head = data.substr(0, end + 2);
    r.body = data.substr(end + 4);
    if (r.head.size() > 12 && r.head.rfind("HTTP/1.", 0) == 0) r.status = std::atoi(r.head.c_str() + 9);
    const std::string length = r.header("Content-Length");
    const std::size_t want = length.empty() ? std::string::npos : std::stoull(length);
    while (r.body.size() < want) {
      const ssize_t n = recv(fd_, buffer, sizeof buffer, 0);
      if (n <= 0) break;
      r.body.append(buffer, static_cast<std::size_t>(n));
    }
    return r;
  }

 private:
  int fd_;
  bool connected_ = false;
};

using Reply = Socket::Reply;

// One request on a fresh connection, and its answer.
Reply exchange(int port, const std::string& request) {
  Socket s(port);
  s.send(request);
  return s.read_reply();
}

std::string host(int port) { return "127.0.0.1:" + std::to_string(port); }

std::string post(int port, const std::string& path, const std::string& body, const std::string& extra = "",
                 const std::string& type = "application/json") {
  return "POST " + path + " HTTP/1.1\r\nHost: " + host(port) + "\r\nContent-Type: " + type +
         "\r\nContent-Length: " + std::to_string(body.size()) + "\r\n" + extra + "\r\n" + body;
}

std::string get(int port, const std::string& path, const std::string& extra = "") {
  return "GET " + path + " HTTP/1.1\r\nHost: " + host(port) + "\r\n" + extra + "\r\n";
}

// `body` sent chunked, in chunks of at most 16 KiB.
std::string chunked(const std::string& body) {
  std::string out;
  char size[32];
  for (std::size_t at = 0; at < body.size(); at += 16384) {
    const std::size_t n = std::min<std::size_t>(16384, body.size() - at);
    std::snprintf(size, sizeof size, "%zx\r\n", n);
    out += size + body.substr(at, n) + "\r\n";
  }
  return out + "0\r\n\r\n";
}

std::string gzip(const std::string& data) {
  z_stream z{};
  deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY);
  std::string out(deflateBound(&z, data.size()), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

const std::string kQuestion = R"({"players": ["AsAc", "KhQh"]})";

// The one server the suite shares; its memory is checked at the end.
ServerProcess* server = nullptr;

class Hostile : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    server = new ServerProcess({"--port", "0"});
    ASSERT_GT(server->port(), 0) << server->err_text();
  }
  static void TearDownTestSuite() {
    delete server;
    server = nullptr;
  }
  void SetUp() override { ASSERT_TRUE(server && server->alive()) << "the server has died"; }
  // After each test: still alive, and still exact.
  void TearDown() override {
    ASSERT_TRUE(server->alive()) << "the server has died";
    const Reply r = exchange(port(), post(port(), "/api/equity", kQuestion));
    ASSERT_EQ(r.status, 200) << r.head << r.body;
    EXPECT_EQ(json::parse(r.body)["players"][0]["wins"], 1406263u);
  }
  static int port() { return server->port(); }
};

// Finding 1: nesting bombs, compressed, chunked and plain.
TEST_F(Hostile, NestingBombsAreRefusedByName) {
  const std::string deep = R"({"players":[)" + std::string(100000, '[');
  // 249 bytes of gzip that unpack to 100,000 levels: Content-Encoding is refused from the header.
  const std::string packed = gzip(deep);
  ASSERT_LT(packed.size(), 1000u);
  Reply r = exchange(port(), post(port(), "/api/equity", packed, "Content-Encoding: gzip\r\n"));
  EXPECT_EQ(r.status, 415) << r.body;
  // 60,000 levels sent chunked (within 64 KiB), and 32,700 plain: 400 naming the field and type.
  for (const std::size_t levels : {60000u, 32700u}) {
    const std::string body = R"({"players":[)" + std::string(levels, '[');
    const std::string head =
        "POST /api/equity HTTP/1.1\r\nHost: " + host(port()) + "\r\nContent-Type: application/json\r\n";
    r = exchange(port(), levels == 60000 ? head + "Transfer-Encoding: chunked\r\n\r\n" + chunked(body)
                                         : post(port(), "/api/equity", body));
    ASSERT_EQ(r.status, 400) << levels << " " << r.body;
    const json error = json::parse(r.body);
    EXPECT_EQ(error["field"], "players") << r.body;
    EXPECT_NE(error["error"].get<std::string>().find("an array"), std::string::npos) << r.body;
    EXPECT_LT(r.body.size(), 300u) << "the error must not quote the value";
  }
  // Deep objects too, and a deep value in a place that wants a string.
  r = exchange(port(), post(port(), "/api/equity", R"({"players":["AsAc",)" + std::string(20000, '[')));
  EXPECT_EQ(r.status, 400);
  std::string objects = R"({"board":)";
  for (int i = 0; i < 5000; ++i) objects += R"({"a":)";
  r = exchange(port(), post(port(), "/api/equity", objects));
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(json::parse(r.body)["field"], "board") << r.body;
}

// Finding 2: bodies without a length, headers, the request line: refused at the limit.
TEST_F(Hostile, ChunkedBodiesAreBoundedAsTheyArrive) {
  // Just over 64 KiB, chunked: 413.
  const std::string head = "POST /api/equity HTTP/1.1\r\nHost: " + host(port()) +
                           "\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n";
  Reply r = exchange(port(), head + chunked(std::string(64 * 1024 + 1, ' ')));
  EXPECT_EQ(r.status, 413);
  // 200 MB announced in chunks: the server stops reading long before (our writes fail).
  Socket s(port(), 2);
  ASSERT_TRUE(s.send(head));
  const std::string chunk = "100000\r\n" + std::string(0x100000, 'x') + "\r\n";
  std::size_t sent = 0;
  while (sent < 200u << 20 && s.send(chunk)) sent += chunk.size();
  EXPECT_LT(sent, 32u << 20) << "the server kept reading a body past its limit";
}

TEST_F(Hostile, ContentLengthLimits) {
  // Announced too long: 413 from the header alone; negative or malformed: 400 at once.
  for (const char* length : {"65537", "1099511627776"}) {
    const Reply r =
        exchange(port(), "POST /api/equity HTTP/1.1\r\nHost: " + host(port()) +
                             "\r\nContent-Type: application/json\r\nContent-Length: " + length + "\r\n\r\n");
    EXPECT_EQ(r.status, 413) << length;
  }
  for (const char* length : {"-1", "abc", "1, 2"}) {
    const auto start = Clock::now();
    const Reply r =
        exchange(port(), "POST /api/equity HTTP/1.1\r\nHost: " + host(port()) +
                             "\r\nContent-Type: application/json\r\nContent-Length: " + length + "\r\n\r\n");
    EXPECT_EQ(r.status, 400) << length;
    EXPECT_LT(seconds_since(start), 1.0) << length;
  }
}

TEST_F(Hostile, HeadersAndRequestLinesAreBounded) {
  // A request line over 8 KiB: 414.
  Reply r = exchange(port(), "GET /" + std::string(9000, 'a') + " HTTP/1.1\r\nHost: " + host(port()) + "\r\n\r\n");
  EXPECT_EQ(r.status, 414);
  // A header line over the limit, and headers over the limit in all: 431.
  r = exchange(port(), get(port(), "/api/health", "X-Long: " + std::string(20000, 'a') + "\r\n"));
  EXPECT_EQ(r.status, 431);
  std::string many;
  for (int i = 0; i < 101; ++i) many += "X-" + std::to_string(i) + ": 1\r\n";
  r = exchange(port(), get(port(), "/api/health", many));
  EXPECT_EQ(r.status, 431);
  // Streamed without end (a 300 MB header line, 2,000,000 headers, a 300 MB request line): the
  // server refuses and closes long before.
  for (const std::string& start : {get(port(), "/api/health").substr(0, 40) + "X-Long: ", std::string("GET /"),
                                   get(port(), "/api/health").substr(0, 40)}) {
    Socket s(port(), 2);
    const std::string piece = start.back() == '/' || start.back() == ' ' ? std::string(1 << 20, 'a') : [] {
      std::string h;
      while (h.size() < (1u << 20)) h += "A: b\r\n";
      return h;
    }();
    std::size_t sent = 0;
    if (s.send(start))
      while (sent < 300u << 20 && s.send(piece)) sent += piece.size();
    EXPECT_LT(sent, 32u << 20) << "the server kept reading the header of: " << start;
  }
}

// Finding 3: slow clients cannot hold the server, and each request has a deadline.
TEST_F(Hostile, SlowClientsDoNotStopTheOthers) {
  std::vector<std::unique_ptr<Socket>> slow;
  for (int i = 0; i < 200; ++i) {
    slow.push_back(std::make_unique<Socket>(port()));
    ASSERT_TRUE(slow.back()->connected()) << i;
    slow.back()->send(i % 2 ? "P" : "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  std::vector<double> times;
  for (int i = 0; i < 5; ++i) {
    const auto start = Clock::now();
    const Reply r = exchange(port(), post(port(), "/api/equity", kQuestion));
    times.push_back(seconds_since(start));
    EXPECT_EQ(r.status, 200);
  }
  std::sort(times.begin(), times.end());
  EXPECT_LT(times[2], 0.1) << "a question took " << times[2] << " s (median of 5) beside 200 slow sockets";
  // A request must arrive whole within its deadline (10 s): the slow ones are closed by then.
  const auto start = Clock::now();
  for (auto& s : slow) EXPECT_TRUE(s->closed_within(std::max(0.1, 12 - seconds_since(start))));
  // A client trickling a byte a second is cut at the deadline too.
  Socket trickle(port());
  const std::string request = get(port(), "/api/health");
  bool cut = false;
  const auto trickle_start = Clock::now();
  for (std::size_t i = 0; i < request.size() - 2 && !cut; ++i)
    cut = !trickle.send(request.substr(i, 1)) || trickle.closed_within(0.5);
  EXPECT_TRUE(cut);
  EXPECT_LT(seconds_since(trickle_start), 12);
}

// Finding 4: only the page's own origin.
TEST_F(Hostile, ForeignPagesAndHostsAreRefused) {
  const std::string evil = "Origin: http://evil.example\r\n";
  Reply r = exchange(port(), post(port(), "/api/equity", kQuestion, evil, "text/plain"));
  EXPECT_EQ(r.status, 403) << r.body;
  r = exchange(port(), post(port(), "/api/equity", kQuestion, evil));
  EXPECT_EQ(r.status, 403) << r.body;
  r = exchange(port(), post(port(), "/api/jobs", kQuestion, "Origin: null\r\n"));
  EXPECT_EQ(r.status, 403) << r.body;
  // Not JSON: 415, so that no page can post without a preflight (which is not answered).
  for (const char* type : {"text/plain", "application/x-www-form-urlencoded", "multipart/form-data"}) {
    r = exchange(port(), post(port(), "/api/equity", kQuestion, "", type));
    EXPECT_EQ(r.status, 415) << type;
  }
  r = exchange(port(), "OPTIONS /api/equity HTTP/1.1\r\nHost: " + host(port()) + "\r\n" + evil +
                           "Access-Control-Request-Method: POST\r\n\r\n");
  EXPECT_NE(r.status, 200);
  EXPECT_EQ(r.header("Access-Control-Allow-Origin"), "");
  // DNS rebinding: a foreign Host is refused, a missing one too.
  for (const std::string& name :
       {"evil.example:" + std::to_string(port()), std::string("127.0.0.1:1"), std::string("localhost")}) {
    r = exchange(port(), "GET /api/health HTTP/1.1\r\nHost: " + name + "\r\n\r\n");
    EXPECT_EQ(r.status, 403) << name;
  }
  r = exchange(port(), "GET /api/health HTTP/1.1\r\n\r\n");
  EXPECT_EQ(r.status, 400);
  // The page's own origin, by any of the loopback names, is answered.
  for (const char* name : {"127.0.0.1", "localhost", "[::1]"}) {
    const std::string origin = std::string("http://") + name + ":" + std::to_string(port());
    r = exchange(port(), "POST /api/equity HTTP/1.1\r\nHost: " + origin.substr(7) + "\r\nOrigin: " + origin +
                             "\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: " +
                             std::to_string(kQuestion.size()) + "\r\n\r\n" + kQuestion);
    EXPECT_EQ(r.status, 200) << name << r.body;
  }
}

// Finding 4 (and 7): another address than loopback warns and requires the token in the URL.
TEST_F(Hostile, AnotherAddressNeedsTheToken) {
  ServerProcess other({"--port", "0", "--host", "127.0.0.2"});
  ASSERT_GT(other.port(), 0) << other.err_text();
  EXPECT_NE(other.err_text().find("warning"), std::string::npos) << other.err_text();
  ASSERT_EQ(other.token().size(), 32u) << other.url();
  Socket s(other.port());  // (127.0.0.1 does not reach it; connect to 127.0.0.2 by hand)
  const auto ask = [&](const std::string& request) {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(other.port()));
    inet_pton(AF_INET, "127.0.0.2", &address.sin_addr);
    Reply r;
    if (connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) return close(fd), r;
    timeval tv{5, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    (void)::send(fd, request.data(), request.size(), MSG_NOSIGNAL);
    std::string data;
    char buffer[65536];
    ssize_t n;
    while ((n = recv(fd, buffer, sizeof buffer, 0)) > 0) data.append(buffer, static_cast<std::size_t>(n));
    close(fd);
    if (data.size() > 12) r.status = std::atoi(data.c_str() + 9);
    r.body = data.substr(std::min(data.size(), data.find("\r\n\r\n") + 4));
    return r;
  };
  const std::string name = "Host: 127.0.0.2:" + std::to_string(other.port()) + "\r\nConnection: close\r\n";
  const std::string question =
      "Content-Type: application/json\r\nContent-Length: " + std::to_string(kQuestion.size()) + "\r\n\r\n" + kQuestion;
  EXPECT_EQ(ask("POST /api/equity HTTP/1.1\r\n" + name + question).status, 403);
  EXPECT_EQ(ask("POST /api/equity HTTP/1.1\r\n" + name + "X-Equity-Token: 0123\r\n" + question).status, 403);
  const Reply r = ask("POST /api/equity HTTP/1.1\r\n" + name + "X-Equity-Token: " + other.token() + "\r\n" + question);
  EXPECT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(ask("GET /api/health?token=" + other.token() + " HTTP/1.1\r\n" + name + "\r\n").status, 200);
  EXPECT_EQ(ask("GET / HTTP/1.1\r\n" + name + "\r\n").status, 200);  // the page itself holds no secret
  EXPECT_EQ(other.stop(), 0);
}

// Finding 5: Range is not honoured (one whole answer), so it cannot multiply an answer.
TEST_F(Hostile, RangeCannotAmplify) {
  std::string ranges = "Range: bytes=0-";
  while (ranges.size() < 7000) ranges += ",0-";
  for (const char* path : {"/api/health", "/js/app.js", "/"}) {
    const Reply r = exchange(port(), get(port(), path, ranges + "\r\n"));
    EXPECT_EQ(r.status, 200) << path;
    EXPECT_EQ(r.header("Content-Type").find("multipart"), std::string::npos) << path;
    EXPECT_LT(r.body.size(), 200000u) << path;
  }
}

// Findings 6 and 7: a taken port is an error (with the warning for every interface first).
TEST_F(Hostile, ATakenPortIsAnError) {
  const auto run = test::run_equity("serve --port " + std::to_string(port()));
  EXPECT_EQ(run.exit_code, 2) << run.out << run.err;
  EXPECT_NE(run.err.find("cannot listen"), std::string::npos) << run.err;
  const auto all = test::run_equity("serve --host 0.0.0.0 --port " + std::to_string(port()));
  EXPECT_EQ(all.exit_code, 2) << all.out << all.err;
  EXPECT_NE(all.err.find("every network interface"), std::string::npos) << all.err;
}

// Finding 7: exactly the page's files, with the security headers on every answer.
TEST_F(Hostile, StaticFilesAreExactlyThePage) {
  for (const char* path : {"/index.html%00.svg", "/index.html%00", "/tests/conftest.py", "/tests/test_page.py",
                           "/js/../index.html", "//etc/passwd", "/js/", "/.git/HEAD", "/index.html/"}) {
    const Reply r = exchange(port(), get(port(), path));
    EXPECT_EQ(r.status, 404) << path;
  }
  const Reply page = exchange(port(), get(port(), "/"));
  EXPECT_EQ(page.status, 200);
  EXPECT_EQ(page.header("Content-Type").rfind("text/html", 0), 0u);
  EXPECT_EQ(exchange(port(), get(port(), "/js/app.js")).header("Content-Type").rfind("text/javascript", 0), 0u);
  // Every kind of answer carries the headers.
  for (const std::string& request :
       {get(port(), "/"), get(port(), "/api/health"), get(port(), "/nope"), post(port(), "/api/equity", "{"),
        get(port(), "/api/equity"), "GET /" + std::string(9000, 'a') + " HTTP/1.1\r\n\r\n",
        post(port(), "/api/equity", kQuestion, "Origin: http://evil.example\r\n")}) {
    const Reply r = exchange(port(), request);
    EXPECT_NE(r.status, -1);
    EXPECT_NE(r.header("Content-Security-Policy").find("default-src 'self'"), std::string::npos) << r.head;
    EXPECT_EQ(r.header("X-Content-Type-Options"), "nosniff") << r.head;
    EXPECT_EQ(r.header("X-Frame-Options"), "DENY") << r.head;
  }
}

TEST_F(Hostile, SymlinksOutOfTheWebDirectoryAreNotFollowed) {
  const test::TempDir dir;
  { std::ofstream(dir.path() / "index.html") << "<!doctype html><title>t</title>"; }
  fs::create_directories(dir.path() / "tests");
  { std::ofstream(dir.path() / "tests" / "secret.txt") << "secret"; }
  fs::create_symlink(EQUITY_SOURCE_DIR "/CMakeLists.txt", dir.path() / "leak.txt");
  fs::create_directory_symlink(EQUITY_SOURCE_DIR "/src", dir.path() / "src");
  ServerProcess other({"--port", "0", "--web", dir.str()});
  ASSERT_GT(other.port(), 0) << other.err_text();
  EXPECT_EQ(exchange(other.port(), get(other.port(), "/")).status, 200);
  for (const char* path : {"/leak.txt", "/src/cards.cpp", "/tests/secret.txt"})
    EXPECT_EQ(exchange(other.port(), get(other.port(), path)).status, 404) << path;
}

// Finding 8: numbers out of range, methods, job ids.
TEST_F(Hostile, SmallerFindings) {
  Reply r = exchange(port(), post(port(), "/api/equity", R"({"players": ["AsAc", "KhQh"], "seed": 1e400})"));
  EXPECT_EQ(r.status, 400) << r.body;
  EXPECT_EQ(json::parse(r.body)["field"], "seed") << r.body;
  r = exchange(port(), get(port(), "/api/equity"));
  EXPECT_EQ(r.status, 405);
  EXPECT_EQ(r.header("Allow"), "POST");
  r = exchange(port(), "DELETE /api/health HTTP/1.1\r\nHost: " + host(port()) + "\r\n\r\n");
  EXPECT_EQ(r.status, 405);
  r = exchange(port(), post(port(), "/index.html", kQuestion));
  EXPECT_EQ(r.status, 405);
  // Job ids: 128 random bits.
  std::set<std::string> ids;
  for (int i = 0; i < 3; ++i) {
    r = exchange(port(),
                 post(port(), "/api/jobs",
                      R"({"players": ["random", "random", "random"], "method": "monte-carlo", "trials": 100000000})"));
    ASSERT_EQ(r.status, 202) << r.body;
    const std::string id = json::parse(r.body)["id"];
    EXPECT_TRUE(std::regex_match(id, std::regex("[0-9a-f]{32}"))) << id;
    ids.insert(id);
    r = exchange(port(), "DELETE /api/jobs/" + id + " HTTP/1.1\r\nHost: " + host(port()) + "\r\n\r\n");
    EXPECT_EQ(r.status, 200);
  }
  EXPECT_EQ(ids.size(), 3u);
}

// POST /api/hands (hand histories' text, up to 32 MiB): garbage is a 400 or hands skipped, never a
// crash; its larger limit is its own, announced too long it is refused from the header.
TEST_F(Hostile, HandHistoriesOfGarbage) {
  const std::string type = "application/octet-stream";
  // A megabyte of one line without a newline, and of binary garbage: no hand in it.
  Reply r = exchange(port(), post(port(), "/api/hands", std::string(1 << 20, 'A'), "", type));
  EXPECT_EQ(r.status, 400) << r.body;
  EXPECT_NE(json::parse(r.body)["error"].get<std::string>().find("no hand history"), std::string::npos) << r.body;
  std::string garbage(1 << 20, '\0');
  std::uint32_t state = 12345;
  for (char& c : garbage) c = static_cast<char>((state = state * 1103515245u + 12345u) >> 24);
  r = exchange(port(), post(port(), "/api/hands", garbage, "", type));
  EXPECT_TRUE(r.status == 200 || r.status == 400) << r.status << r.body.substr(0, 300);
  // Garbage between hands' first lines (with a megabyte line among them): each hand skipped, 200.
  std::string hands;
  for (int i = 0; i < 50; ++i)
    hands += "PokerStars Hand #" + std::to_string(i) + ": Hold'em No Limit ($0.05/$0.10 USD)\n" +
             garbage.substr(static_cast<std::size_t>(i) * 10000, 10000) + "\n";
  hands += "PokerStars Hand #99: " + std::string(1 << 20, 'x');
  r = exchange(port(), post(port(), "/api/hands", hands, "", type));
  ASSERT_EQ(r.status, 200) << r.body.substr(0, 300);
  const json answer = json::parse(r.body);
  EXPECT_GE(answer["totals"]["skipped"].get<int>(), 1);
  EXPECT_EQ(answer["all_ins"].size(), 0u);
  EXPECT_LT(r.body.size(), 200000u) << "the skipped hands' reasons must not quote the garbage";
  // 32 MiB and more announced: 413 from the header; 64 KiB and more to another route, as before.
  r = exchange(port(), "POST /api/hands HTTP/1.1\r\nHost: " + host(port()) +
                           "\r\nContent-Type: application/octet-stream\r\nContent-Length: " +
                           std::to_string((32u << 20) + 1) + "\r\n\r\n");
  EXPECT_EQ(r.status, 413);
  EXPECT_NE(r.body.find("32 MiB"), std::string::npos) << r.body;
  r = exchange(port(), "POST /api/equity HTTP/1.1\r\nHost: " + host(port()) +
                           "\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n");
  EXPECT_EQ(r.status, 413);
  // Only the bytes' type (text/plain would need no preflight), and only the page's origin.
  r = exchange(port(), post(port(), "/api/hands", "PokerStars Hand #1: x\n", "", "text/plain"));
  EXPECT_EQ(r.status, 415);
  r = exchange(port(), post(port(), "/api/hands", "PokerStars Hand #1: x\n", "Origin: http://evil.example\r\n", type));
  EXPECT_EQ(r.status, 403);
  // The hero's name from the query, garbage too: answered.
  r = exchange(port(), post(port(), "/api/hands?hero=%ff%fe%00%3Cscript%3E", hands, "", type));
  EXPECT_EQ(r.status, 200) << r.body.substr(0, 300);
  EXPECT_TRUE(json::accept(r.body)) << r.body.substr(0, 300);
}

// Last: the server's memory stayed bounded through all of the above.
TEST_F(Hostile, ZzMemoryStayedBounded) {
  const std::size_t peak = server->peak_memory();
  EXPECT_GT(peak, 0u);
#if defined(__SANITIZE_ADDRESS__)
  const std::size_t limit = std::size_t{1} << 30;  // ASan's shadow memory and quarantine of freed blocks
#else
  const std::size_t limit = 200u << 20;
#endif
  EXPECT_LT(peak, limit) << "peak resident memory " << (peak >> 20) << " MB";
  std::printf("equity serve: peak resident memory %zu MB through the hostile suite\n", peak >> 20);
}

}  // namespace
}  // namespace equity
