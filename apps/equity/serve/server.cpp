#include "serve/server.hpp"

#include <httplib.h>

#include <nlohmann/json.hpp>

#include "equity/error.hpp"
#include "serve/api.hpp"
#include "serve/connection.hpp"

namespace equity::serve {
namespace {

constexpr const char* kJson = "application/json";
constexpr double kJobWait = 0.25;  // a job request waits this long for the answer before 202

void reply(httplib::Response& res, const Outcome& outcome) {
  res.status = outcome.status;
  res.set_content(outcome.body, kJson);
}

const char* status_text(int status) {
  switch (status) {
    case 400:
      return "bad request";
    case 404:
      return "not found";
    case 405:
      return "method not allowed";
    case 413:
      return "the request body is larger than 64 KiB";
    case 414:
      return "the request line is too long";
    default:
      return "request failed";
  }
}

}  // namespace

struct Server::Impl {
  explicit Impl(ServerOptions o) : options(std::move(o)), scheduler(options.limits) {}

  void routes();
  void equity(const httplib::Request& req, httplib::Response& res);

  ServerOptions options;
  Scheduler scheduler;
  httplib::Server http;
  int port = -1;
};

void Server::Impl::equity(const httplib::Request& req, httplib::Response& res) {
  Question q;
  try {
    q = parse_equity_request(req.body, options.limits.budget_seconds);
  } catch (const InputError& e) {
    return reply(res, {400, error_json(e.what(), field_of(e.what()))});
  }
  auto probe = std::make_shared<ConnectionProbe>(req.remote_addr, req.remote_port, req.local_port);
  reply(res, scheduler.compute(std::move(q), [probe] { return probe->closed(); }));
}

void Server::Impl::routes() {
  http.Post("/api/equity", [this](const httplib::Request& req, httplib::Response& res) { equity(req, res); });
  http.Post("/api/jobs", [this](const httplib::Request& req, httplib::Response& res) {
    try {
      reply(res, scheduler.start_job(parse_equity_request(req.body, options.limits.budget_seconds), kJobWait));
    } catch (const InputError& e) {
      reply(res, {400, error_json(e.what(), field_of(e.what()))});
    }
  });
  http.Get(R"(/api/jobs/([0-9a-z-]{1,40}))", [this](const httplib::Request& req, httplib::Response& res) {
    reply(res, scheduler.poll_job(req.matches[1], kJobWait));
  });
  http.Delete(R"(/api/jobs/([0-9a-z-]{1,40}))", [this](const httplib::Request& req, httplib::Response& res) {
    reply(res, scheduler.cancel_job(req.matches[1]));
  });
  http.Get("/api/range", [](const httplib::Request& req, httplib::Response& res) {
    if (!req.has_param("expr")) return reply(res, {400, error_json("expr: missing (/api/range?expr=QQ+,AKs)", "expr")});
    try {
      const std::string game = req.has_param("game") ? req.get_param_value("game") : "holdem";
      reply(res, {200, range_json(req.get_param_value("expr"), req.get_param_value("dead"), game)});
    } catch (const InputError& e) {
      const std::string field = field_of(e.what());
      reply(res, {400, error_json(e.what(), field == "dead" || field == "game" ? field : "expr")});
    }
  });
  http.Get("/api/games", [](const httplib::Request&, httplib::Response& res) { reply(res, {200, games_json()}); });
  http.Get("/api/orderings", [this](const httplib::Request&, httplib::Response& res) {
    reply(res, {200, orderings_json()});
  });
  http.Get("/api/health", [this](const httplib::Request&, httplib::Response& res) {
    const nlohmann::json j = {{"status", "ok"},
                              {"version", options.version},
                              {"running", scheduler.running()},
                              {"table", !options.table_dir.empty()}};
    reply(res, {200, j.dump()});
  });
  // Brotli, which this cpp-httplib prefers when a browser offers it, compresses at its slowest
  // setting: 230 ms for a 250 KB per-combo answer, against 3 ms for gzip. Offer it gzip only (the
  // Request is httplib's own non-const object, handed to handlers as const).
  http.set_pre_routing_handler([](const httplib::Request& req, httplib::Response&) {
    auto& headers = const_cast<httplib::Request&>(req).headers;
    const auto it = headers.find("Accept-Encoding");
    if (it != headers.end() && it->second.find("br") != std::string::npos) {
      const bool gzip = it->second.find("gzip") != std::string::npos;
      headers.erase("Accept-Encoding");
      if (gzip) headers.emplace("Accept-Encoding", "gzip");
    }
    return httplib::Server::HandlerResponse::Unhandled;
  });
  http.set_error_handler([](const httplib::Request&, httplib::Response& res) {
    if (res.body.empty()) res.set_content(error_json(status_text(res.status)), kJson);
  });
  http.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
    reply(res, {500, error_json("internal error")});
  });
}

Server::Server(ServerOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {
  auto& http = impl_->http;
  const int threads = impl_->options.http_threads;
  http.new_task_queue = [threads] { return new httplib::ThreadPool(static_cast<std::size_t>(threads)); };
  http.set_payload_max_length(impl_->options.max_body);
  http.set_keep_alive_max_count(100);
  http.set_tcp_nodelay(true);  // answers are one small write: no Nagle delay against delayed ACKs
  if (!impl_->options.web_dir.empty()) http.set_mount_point("/", impl_->options.web_dir.string());
  impl_->routes();
}

Server::~Server() { stop(); }

int Server::bind() {
  auto& o = impl_->options;
  impl_->port =
      o.port == 0 ? impl_->http.bind_to_any_port(o.host) : (impl_->http.bind_to_port(o.host, o.port) ? o.port : -1);
  if (impl_->port < 0)
    throw InputError("--host " + o.host + " --port " + std::to_string(o.port) +
                     ": cannot listen there (address in use, or not an address of this machine)");
  return impl_->port;
}

void Server::run() { impl_->http.listen_after_bind(); }

void Server::stop() {
  impl_->scheduler.shutdown();
  impl_->http.stop();
}

std::string Server::url() const {
  const std::string& host = impl_->options.host;
  const bool v6 = host.find(':') != std::string::npos;
  return "http://" + (v6 ? "[" + host + "]" : host) + ":" + std::to_string(impl_->port) + "/";
}

}  // namespace equity::serve
