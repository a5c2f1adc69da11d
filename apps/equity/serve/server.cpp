#include "serve/server.hpp"

#include <poll.h>
#include <sys/socket.h>

#include <atomic>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http.hpp>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <set>
#include <thread>

#include "equity/error.hpp"
#include "equity/game.hpp"
#include "serve/api.hpp"
#include "serve/static_files.hpp"

namespace equity::serve {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;
using Request = http::request<http::string_body>;

constexpr double kJobWait = 0.25;  // a job request waits this long for the answer before 202
constexpr const char* kJson = "application/json";
// POST /api/hands takes the files' bytes as they are: not a type a page may send to another site
// without a preflight (text/plain is one), as application/json is not.
constexpr const char* kBytes = "application/octet-stream";
// The page runs its own scripts and styles only (its SVG and swatches use style attributes).
constexpr const char* kPolicy =
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

// What the server answers: a status and a body, and whether the connection closes after it.
struct Answer {
  Answer(int s, std::string b, std::string t = kJson, bool c = false)
      : status(s), body(std::move(b)), type(std::move(t)), close(c) {}
  int status;
  std::string body;
  std::string type;
  std::string allow;  // the methods, for 405
  bool close;         // the request was not read whole: close after the answer
};

Answer reply(const Outcome& outcome) { return {outcome.status, outcome.body}; }
Answer error(int status, std::string_view message, std::string_view field = {}) {
  return {status, error_json(message, field)};
}

enum class Route { equity, jobs, job, range, games, orderings, health, hands, file, api_unknown, unknown };

// "/api/jobs/ID" -> ID when it is a plausible id (job ids are 32 hex digits), else empty.
std::string_view job_id(std::string_view path) {
  constexpr std::string_view prefix = "/api/jobs/";
  if (path.substr(0, prefix.size()) != prefix) return {};
  const std::string_view id = path.substr(prefix.size());
  if (id.empty() || id.size() > 64) return {};
  for (char c : id)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || c == '-')) return {};
  return id;
}

// The value of query parameter `key` ("+" is a space, %XX a byte); nullopt when absent.
std::optional<std::string> query_value(std::string_view query, std::string_view key) {
  const auto hex = [](char c) {
    return c >= '0' && c <= '9'   ? c - '0'
           : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                  : -1;
  };
  while (!query.empty()) {
    const std::string_view pair = query.substr(0, query.find('&'));
    query.remove_prefix(std::min(query.size(), pair.size() + 1));
    const auto eq = pair.find('=');
    if (pair.substr(0, eq) != key) continue;
    std::string value;
    const std::string_view raw = eq == std::string_view::npos ? std::string_view() : pair.substr(eq + 1);
    for (std::size_t i = 0; i < raw.size(); ++i) {
      if (raw[i] == '+') {
        value += ' ';
      } else if (raw[i] == '%' && i + 2 < raw.size() && hex(raw[i + 1]) >= 0 && hex(raw[i + 2]) >= 0) {
        value += static_cast<char>(hex(raw[i + 1]) * 16 + hex(raw[i + 2]));
        i += 2;
      } else {
        value += raw[i];
      }
    }
    return value;
  }
  return std::nullopt;
}

// The media type of a Content-Type value, lower case, without parameters or spaces.
std::string media_type(std::string_view value) {
  value = value.substr(0, value.find(';'));
  std::string out;
  for (char c : value)
    if (c != ' ' && c != '\t') out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// A body limit as the 413 says it: "64 KiB", "32 MiB".
std::string size_text(std::size_t bytes) {
  if (bytes >= (1u << 20) && bytes % (1u << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
  return std::to_string(bytes / 1024) + " KiB";
}

std::string random_token() {
  std::random_device random;
  std::string token;
  char hex[9];
  for (int i = 0; i < 4; ++i) {
    std::snprintf(hex, sizeof hex, "%08x", static_cast<unsigned>(random()));
    token += hex;
  }
  return token;
}

// Compares in a time that does not depend on where the strings differ (the token).
bool same_secret(std::string_view given, std::string_view secret) {
  unsigned char differ = given.size() == secret.size() ? 0 : 1;
  for (std::size_t i = 0; i < secret.size(); ++i)
    differ |= static_cast<unsigned char>(secret[i] ^ (i < given.size() ? given[i] : 0));
  return differ == 0;
}

bool is_wildcard(const std::string& host) {
  return host.empty() || host == "0.0.0.0" || host == "::" || host == "[::]";
}

std::string bracketed(const std::string& host) {
  return host.find(':') != std::string::npos && host.front() != '[' ? "[" + host + "]" : host;
}

// Whether the peer of socket `fd` has hung up (without reading from it).
bool hung_up(int fd) {
  pollfd p{fd, POLLRDHUP, 0};
  return poll(&p, 1, 0) > 0 && (p.revents & (POLLRDHUP | POLLHUP | POLLERR | POLLNVAL)) != 0;
}

}  // namespace

bool is_loopback(const std::string& host) {
  return host == "127.0.0.1" || host == "localhost" || host == "::1" || host == "[::1]";
}

struct Server::Impl {
  explicit Impl(ServerOptions o)
      : options(std::move(o)),
        scheduler(options.limits),
        files(options.web_dir.empty() ? StaticFiles() : StaticFiles(options.web_dir)),
        workers(static_cast<std::size_t>(std::max(1, options.http_threads))) {}

  void accept();
  Route route_of(std::string_view path) const;
  // Whether a request is answered at once, without waiting for anything (no computation).
  bool quick(const Request& req) const {
    const std::string_view target = req.target();
    const Route route = route_of(target.substr(0, target.find('?')));
    if (route == Route::range) return !counted_range(target);
    return route == Route::file || route == Route::health || route == Route::orderings;
  }
  // A range of patterns is counted by a worker, not the reading thread: a PLO6 pattern can take
  // seconds to count (every one of 20 million hands tested), and the server keeps answering. A
  // game not known is answered at once (its error).
  static bool counted_range(std::string_view target) {
    const auto q = target.find('?');
    const auto game = query_value(q == std::string_view::npos ? std::string_view() : target.substr(q + 1), "game");
    if (!game) return false;
    try {
      return game_rules(parse_game(*game)).range_grammar == RangeGrammar::patterns;
    } catch (const InputError&) {
      return false;
    }
  }
  std::optional<Answer> admit(const Request& req) const;  // the checks made before the body is read
  std::optional<Answer> origin_refusal(const Request& req) const;
  Answer answer(const std::shared_ptr<const Request>& req, const std::function<bool()>& gone);
  // Whether `target` is /api/hands's, whose bodies (hand histories) may be larger, and the body
  // limit of a request to `target`.
  bool is_hands(std::string_view target) const { return route_of(target.substr(0, target.find('?'))) == Route::hands; }
  std::size_t body_limit(std::string_view target) const {
    return is_hands(target) ? options.http.hands_body : options.http.body;
  }
  bool allowed_host(std::string_view host) const;

  ServerOptions options;
  // POST /api/hands requests whose bodies are read or held (before the scheduler: its work holds
  // requests until it is destroyed)
  std::atomic<int> hands_bodies{0};
  Scheduler scheduler;
  StaticFiles files;
  std::string token;                         // required on every API call when not empty
  std::set<std::string, std::less<>> hosts;  // the Host values answered; empty: any (wildcard address)
  int port = -1;
  std::atomic<int> connections{0};

  // One of the http.hands_bodies places for a body of hand histories, held until the request is
  // dropped (its answer computed); nullptr when all are taken.
  struct HandsPlace {
    explicit HandsPlace(std::atomic<int>& n) : count(n) {}
    ~HandsPlace() { --count; }
    HandsPlace(const HandsPlace&) = delete;
    HandsPlace& operator=(const HandsPlace&) = delete;
    std::atomic<int>& count;
  };
  std::shared_ptr<HandsPlace> take_hands_place() {
    if (hands_bodies.fetch_add(1) >= options.http.hands_bodies) {
      --hands_bodies;
      return nullptr;
    }
    return std::make_shared<HandsPlace>(hands_bodies);
  }
  asio::io_context io{1};  // one thread reads and writes every connection (no strand needed)
  tcp::acceptor acceptor{io};
  asio::steady_timer retry{io};  // accept() after a failed accept
  asio::thread_pool workers;
};

namespace {

// One connection: reads a request under the limits and its deadline, answers it, and reads the
// next (keep-alive) until the client closes, a limit is passed or a deadline expires.
class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(tcp::socket socket, Server::Impl& server)
      : stream_(std::move(socket)), server_(server), limits_(server.options.http) {
    ++server_.connections;
  }
  ~Session() { --server_.connections; }
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  void start() {
    asio::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->read_header(); });
  }

 private:
  void read_header() {
    hands_place_.reset();
    parser_.emplace();
    parser_->header_limit(static_cast<std::uint32_t>(limits_.header));
    // The largest body of any route; once the target is known, the route's own (on_header()).
    parser_->body_limit(std::max(limits_.body, limits_.hands_body));
    // One deadline for the whole request, headers and body: trickling bytes does not extend it.
    stream_.expires_after(std::chrono::duration_cast<std::chrono::steady_clock::duration>(
        std::chrono::duration<double>(limits_.request_seconds)));
    http::async_read_header(stream_, buffer_, *parser_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return self->read_failed(ec);
      self->on_header();
    });
  }

  void on_header() {
    const Request& req = parser_->get();
    // (No body octet has been parsed yet: the limit can still change.)
    const bool hands = server_.is_hands(req.target());
    const std::size_t limit = hands ? limits_.hands_body : limits_.body;
    parser_->body_limit(limit);
    if (const auto length = parser_->content_length(); length && *length > limit)
      return send({413, error_json("the request body is larger than " + size_text(limit)), kJson, true});
    if (auto refused = server_.admit(req)) {
      refused->close = !parser_->is_done();  // the body stays unread
      return send(std::move(*refused));
    }
    // Hand histories' bodies are large (32 MiB): only a few are read or held at once.
    if (hands && !(hands_place_ = server_.take_hands_place()))
      return send(
          {429, error_json("too many hand histories sent at once: try again in a moment"), kJson, !parser_->is_done()});
    if (parser_->is_done()) return dispatch();
    if (beast::iequals(req[http::field::expect], "100-continue")) {
      static const std::string kContinue = "HTTP/1.1 100 Continue\r\n\r\n";
      return asio::async_write(stream_, asio::buffer(kContinue),
                               [self = shared_from_this()](beast::error_code ec, std::size_t) {
                                 if (!ec) self->read_body();
                               });
    }
    read_body();
  }

  void read_body() {
    http::async_read(stream_, buffer_, *parser_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return self->read_failed(ec);
      self->dispatch();
    });
  }

  // A request that could not be read: the client went or was too slow (close), or it passed a
  // limit or broke the syntax (the status, then close).
  void read_failed(beast::error_code ec) {
    if (ec.category() != http::make_error_code(http::error::end_of_stream).category() ||
        ec == http::error::end_of_stream || ec == http::error::partial_message)
      return;  // the socket closes with the session
    if (ec == http::error::body_limit)
      return send(
          {413, error_json("the request body is larger than " + size_text(server_.body_limit(parser_->get().target()))),
           kJson, true});
    if (ec == http::error::header_limit || ec == http::error::buffer_overflow) {
      // The parser has the target once the request line is whole: else the line was too long.
      if (parser_->get().target().empty())
        return send({414,
                     error_json("the request line is longer than " + std::to_string(limits_.target / 1024) + " KiB"),
                     kJson, true});
      return send({431, error_json("the headers are larger than " + std::to_string(limits_.header / 1024) + " KiB"),
                   kJson, true});
    }
    send({400, error_json("malformed HTTP request: " + ec.message()), kJson, true});
  }

  // Answers the request: the quick routes in this (the reading) thread, the others (a computation
  // may wait) in the worker pool, which writes the answer itself when the socket takes it whole
  // (the usual case: nothing else uses the connection while its request is handled), so that the
  // client does not wait for this thread to be woken; the rest of the answer, if any, and the next
  // request are taken back in the reading thread.
  void dispatch() {
    // (The request holds the place of a hand histories' body, if it took one, as long as it lives:
    // its answer computed and sent.)
    auto req = std::shared_ptr<Request>(new Request(parser_->release()), [place = std::move(hands_place_)](Request* r) {
      static_cast<void>(place);
      delete r;
    });
    keep_alive_ = req->keep_alive();
    http10_ = req->version() == 10;
    if (server_.quick(*req)) return send(server_.answer(req, {}));
    const int fd = stream_.socket().native_handle();
    const auto gone = [fd] { return hung_up(fd); };
    // A question is parsed and started here when a slot is free, so that it runs while a worker
    // wakes up to wait for it.
    std::shared_ptr<Work> started;
    if (req->method() == http::verb::post && req->target() == "/api/equity") {
      Question q;
      try {
        q = parse_equity_request(req->body(), server_.options.limits.budget_seconds);
      } catch (const InputError& e) {
        return send(error(400, e.what(), field_of(e.what())));
      }
      started = server_.scheduler.try_start(q, gone);
    }
    asio::post(server_.workers, [self = shared_from_this(), req, fd, gone, started]() mutable {
      Answer answer = started ? reply(self->server_.scheduler.wait(started)) : self->server_.answer(req, gone);
      req.reset();  // (and with it the place of a hand histories' body) before the client has the answer
      auto bytes = std::make_shared<std::string>(self->wire(answer));
      const ssize_t n = ::send(fd, bytes->data(), bytes->size(), MSG_DONTWAIT | MSG_NOSIGNAL);
      const std::size_t sent = n > 0 ? static_cast<std::size_t>(n) : 0;
      const bool keep = self->keep_alive_ && !answer.close;
      asio::post(self->stream_.get_executor(), [self, bytes, sent, keep] { self->write(bytes, sent, keep); });
    });
  }

  void send(Answer answer) {
    const bool keep = keep_alive_ && !answer.close;
    write(std::make_shared<std::string>(wire(answer)), 0, keep);
  }

  // Writes bytes[from...] within the write deadline, then reads the next request or closes.
  void write(std::shared_ptr<std::string> bytes, std::size_t from, bool keep) {
    if (from >= bytes->size()) return keep ? read_header() : close();
    stream_.expires_after(std::chrono::duration_cast<std::chrono::steady_clock::duration>(
        std::chrono::duration<double>(limits_.write_seconds)));
    asio::async_write(stream_, asio::buffer(bytes->data() + from, bytes->size() - from),
                      [self = shared_from_this(), bytes, keep](beast::error_code ec, std::size_t) {
                        if (ec) return;
                        if (keep) return self->read_header();
                        self->close();
                      });
  }

  // The answer as sent: the status line, the headers (the security ones on every answer), the body.
  std::string wire(const Answer& answer) const {
    const bool keep = keep_alive_ && !answer.close;
    std::string out;
    out.reserve(answer.body.size() + 700);
    out.append("HTTP/1.1 ").append(std::to_string(answer.status)).append(" ");
    if (answer.status == 499)
      out.append("Client Closed Request");
    else
      out.append(http::obsolete_reason(http::int_to_status(static_cast<unsigned>(answer.status))));
    out.append("\r\nContent-Type: ").append(answer.type);
    out.append(answer.type == kJson ? "\r\nCache-Control: no-store" : "\r\nCache-Control: no-cache");
    out.append("\r\nContent-Security-Policy: ").append(kPolicy);
    out.append(
        "\r\nX-Content-Type-Options: nosniff\r\nX-Frame-Options: DENY\r\nReferrer-Policy: no-referrer"
        "\r\nCross-Origin-Resource-Policy: same-origin");
    if (!answer.allow.empty()) out.append("\r\nAllow: ").append(answer.allow);
    if (!keep) out.append("\r\nConnection: close");
    if (keep && http10_) out.append("\r\nConnection: keep-alive");
    out.append("\r\nContent-Length: ").append(std::to_string(answer.body.size())).append("\r\n\r\n");
    out.append(answer.body);
    return out;
  }

  // Closes after an answer: no more sending, then up to 1 MiB or 1 s of what the client still
  // sends is read and dropped, so that the close does not reset the connection before the client
  // has read the answer.
  void close() {
    beast::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
    buffer_.clear();
    stream_.expires_after(std::chrono::seconds(1));
    drain();
  }
  void drain() {
    if (drained_ > (1u << 20)) return;
    stream_.async_read_some(buffer_.prepare(4096), [self = shared_from_this()](beast::error_code ec, std::size_t n) {
      if (ec) return;
      self->drained_ += n;
      self->drain();
    });
  }

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_{64 * 1024};
  std::optional<http::request_parser<http::string_body>> parser_;
  Server::Impl& server_;
  const HttpLimits& limits_;
  std::shared_ptr<Server::Impl::HandsPlace> hands_place_;  // taken in on_header() for POST /api/hands
  bool keep_alive_ = true;
  bool http10_ = false;
  std::size_t drained_ = 0;
};

}  // namespace

void Server::Impl::accept() {
  acceptor.async_accept(io, [this](beast::error_code ec, tcp::socket socket) {
    if (ec == asio::error::operation_aborted || !acceptor.is_open()) return;
    if (!ec) {
      if (connections.load() >= options.http.connections) {
        socket.close(ec);  // too many open: refused at once, holding nothing
      } else {
        socket.set_option(tcp::no_delay(true), ec);  // answers are one small write: no Nagle delay
        std::make_shared<Session>(std::move(socket), *this)->start();
      }
    } else {  // (out of descriptors, say): try again in a moment rather than spin
      retry.expires_after(std::chrono::milliseconds(50));
      return retry.async_wait([this](beast::error_code e) {
        if (!e) accept();
      });
    }
    accept();
  });
}

bool Server::Impl::allowed_host(std::string_view host) const {
  return hosts.empty() || hosts.find(host) != hosts.end();
}

Route Server::Impl::route_of(std::string_view path) const {
  if (path == "/api/equity") return Route::equity;
  if (path == "/api/jobs") return Route::jobs;
  if (!job_id(path).empty()) return Route::job;
  if (path == "/api/range") return Route::range;
  if (path == "/api/games") return Route::games;
  if (path == "/api/orderings") return Route::orderings;
  if (path == "/api/health") return Route::health;
  if (path == "/api/hands") return Route::hands;
  if (path.substr(0, 5) == "/api/" || path == "/api") return Route::api_unknown;
  return files.contains(path) ? Route::file : Route::unknown;
}

namespace {

// 405 with Allow when `method` is not one that `route` takes; 404 for no route.
std::optional<Answer> method_refusal(Route route, http::verb method) {
  const char* allow = nullptr;
  switch (route) {
    case Route::equity:
    case Route::jobs:
    case Route::hands:
      allow = method == http::verb::post ? nullptr : "POST";
      break;
    case Route::job:
      allow = method == http::verb::get || method == http::verb::delete_ ? nullptr : "GET, DELETE";
      break;
    case Route::range:
    case Route::games:
    case Route::orderings:
    case Route::health:
    case Route::file:
      allow = method == http::verb::get ? nullptr : "GET";
      break;
    case Route::api_unknown:
    case Route::unknown:
      return error(404, "not found");
  }
  if (!allow) return std::nullopt;
  Answer a = error(405, std::string("method not allowed: ") + allow + " only");
  a.allow = allow;
  return a;
}

}  // namespace

// Only the page's own origin: a Host of this server (DNS rebinding names another), and no foreign
// Origin (a page elsewhere that the user visits).
std::optional<Answer> Server::Impl::origin_refusal(const Request& req) const {
  const auto host = req.find(http::field::host);
  if (host == req.end()) return error(400, "Host: missing");
  const std::string_view host_value = host->value();
  if (!allowed_host(host_value))
    return error(403, "Host: '" + std::string(host_value.substr(0, 100)) + "' is not this server's address");
  // (A same-origin request's Origin is the scheme and the Host it was sent to.)
  const auto origin = req.find(http::field::origin);
  if (origin != req.end() && origin->value() != "http://" + std::string(host_value))
    return error(403, "Origin: '" + std::string(origin->value().substr(0, 100)) +
                          "' is another site: the API answers only its own page");
  return std::nullopt;
}

std::optional<Answer> Server::Impl::admit(const Request& req) const {
  const HttpLimits& limits = options.http;
  if (req.target().size() > limits.target)
    return error(414, "the request line is longer than " + std::to_string(limits.target / 1024) + " KiB");
  if (static_cast<std::size_t>(std::distance(req.begin(), req.end())) > limits.fields)
    return error(431, "more than " + std::to_string(limits.fields) + " header fields");
  if (auto refused = origin_refusal(req)) return refused;
  const auto encoding = req.find(http::field::content_encoding);
  if (encoding != req.end() && !beast::iequals(encoding->value(), "identity"))
    return error(415, "Content-Encoding: not accepted; send the body as it is");
  const auto transfer = req.find(http::field::transfer_encoding);
  if (transfer != req.end() && !beast::iequals(transfer->value(), "chunked"))
    return error(400, "Transfer-Encoding: only chunked is accepted");

  const std::string_view target = req.target();
  const std::string_view path = target.substr(0, target.find('?'));
  const std::string_view query = path.size() < target.size() ? target.substr(path.size() + 1) : std::string_view();
  const Route route = route_of(path);
  if (auto refused = method_refusal(route, req.method())) return refused;
  if (route == Route::file) return std::nullopt;
  if (!token.empty()) {
    const std::string_view given = req["X-Equity-Token"];
    const auto in_query = query_value(query, "token");
    if (!same_secret(given, token) && !same_secret(in_query.value_or(""), token))
      return error(403, "this server needs its token: open the URL it printed (with ?token=...)");
  }
  if (req.method() == http::verb::post && route == Route::hands) {
    if (media_type(req[http::field::content_type]) != kBytes)
      return error(415, "Content-Type: /api/hands takes the files' text as application/octet-stream only");
  } else if (req.method() == http::verb::post && media_type(req[http::field::content_type]) != kJson) {
    return error(415, "Content-Type: the API takes application/json only");
  }
  return std::nullopt;
}

Answer Server::Impl::answer(const std::shared_ptr<const Request>& request, const std::function<bool()>& gone) {
  const Request& req = *request;
  const std::string_view target = req.target();
  const std::string_view path = target.substr(0, target.find('?'));
  const std::string_view query = path.size() < target.size() ? target.substr(path.size() + 1) : std::string_view();
  try {
    switch (route_of(path)) {
      case Route::equity: {
        Question q;
        try {
          q = parse_equity_request(req.body(), options.limits.budget_seconds);
        } catch (const InputError& e) {
          return error(400, e.what(), field_of(e.what()));
        }
        return reply(scheduler.compute(std::move(q), gone));
      }
      case Route::jobs: {
        Question q;
        try {
          q = parse_equity_request(req.body(), options.limits.budget_seconds);
        } catch (const InputError& e) {
          return error(400, e.what(), field_of(e.what()));
        }
        return reply(scheduler.start_job(std::move(q), kJobWait));
      }
      case Route::job: {
        const std::string id(job_id(path));
        return reply(req.method() == http::verb::delete_ ? scheduler.cancel_job(id) : scheduler.poll_job(id, kJobWait));
      }
      case Route::range: {
        const auto expr = query_value(query, "expr");
        if (!expr) return error(400, "expr: missing (/api/range?expr=QQ+,AKs)", "expr");
        try {
          return {200, range_json(*expr, query_value(query, "dead").value_or(""),
                                  query_value(query, "game").value_or(std::string(game_name(kDefaultGame))))};
        } catch (const InputError& e) {
          const std::string field = field_of(e.what());
          return error(400, e.what(), field == "dead" || field == "game" ? field : "expr");
        }
      }
      case Route::hands: {
        // Read in a thread of the scheduler's (a slot, the budget, cancelled when the client goes),
        // which owns the request: a cancelled task is answered at once and ends on its own.
        const std::string hero = query_value(query, "hero").value_or("");
        return reply(scheduler.run(
            [request, hero](const std::atomic<bool>& cancel) { return hands_json(request->body(), hero, &cancel); },
            gone));
      }
      case Route::games:
        return {200, games_json()};
      case Route::orderings:
        return {200, orderings_json()};
      case Route::health: {
        const nlohmann::json j = {{"status", "ok"},
                                  {"version", options.version},
                                  {"running", scheduler.running()},
                                  {"table", !options.table_dir.empty()}};
        return {200, j.dump()};
      }
      case Route::file: {
        auto file = files.find(path);
        if (!file) return error(404, "not found");
        return {200, std::move(file->content), file->type};
      }
      default:
        return error(404, "not found");
    }
  } catch (const std::exception&) {
    return error(500, "internal error");
  }
}

Server::Server(ServerOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}

Server::~Server() {
  stop();
  impl_->workers.join();
}

int Server::bind() {
  auto& o = impl_->options;
  const auto fail = [&] {
    return InputError("--host " + o.host + " --port " + std::to_string(o.port) +
                      ": cannot listen there (address in use, or not an address of this machine)");
  };
  beast::error_code ec;
  tcp::resolver resolver(impl_->io);
  const std::string name = o.host.size() > 2 && o.host.front() == '[' ? o.host.substr(1, o.host.size() - 2) : o.host;
  const auto found = resolver.resolve(name.empty() ? "0.0.0.0" : name, std::to_string(o.port),
                                      tcp::resolver::passive | tcp::resolver::numeric_service, ec);
  if (ec || found.empty()) throw fail();
  const tcp::endpoint endpoint = *found.begin();
  auto& acceptor = impl_->acceptor;
  acceptor.open(endpoint.protocol(), ec);
  // SO_REUSEADDR (not SO_REUSEPORT): a port in TIME_WAIT can be taken again, a listening one not.
  if (!ec) acceptor.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) acceptor.bind(endpoint, ec);
  if (!ec) acceptor.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) {
    acceptor.close(ec);
    throw fail();
  }
  impl_->port = acceptor.local_endpoint().port();
  if (!is_wildcard(o.host)) {
    std::set<std::string> names = {"127.0.0.1", "localhost", "[::1]", bracketed(o.host)};
    for (const auto& n : names) {
      impl_->hosts.insert(n + ":" + std::to_string(impl_->port));
      if (impl_->port == 80) impl_->hosts.insert(n);
    }
  }
  if (!is_loopback(o.host)) impl_->token = random_token();
  return impl_->port;
}

void Server::run() {
  impl_->accept();
  impl_->io.run();
}

void Server::stop() {
  impl_->scheduler.shutdown();
  asio::post(impl_->io, [impl = impl_.get()] {
    beast::error_code ec;
    impl->acceptor.close(ec);
    impl->retry.cancel();
  });
  impl_->io.stop();
}

std::string Server::url() const {
  const std::string host = is_wildcard(impl_->options.host) ? impl_->options.host : bracketed(impl_->options.host);
  return "http://" + bracketed(host) + ":" + std::to_string(impl_->port) + "/" +
         (impl_->token.empty() ? "" : "?token=" + impl_->token);
}

const std::string& Server::token() const { return impl_->token; }

}  // namespace equity::serve
