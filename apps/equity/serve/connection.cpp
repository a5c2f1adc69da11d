#include "serve/connection.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/socket.h>

#include <algorithm>

namespace equity::serve {
namespace {

// The address and port of a socket address, or port -1 for other families.
std::pair<std::string, int> describe(const sockaddr_storage& address) {
  char text[INET6_ADDRSTRLEN] = {};
  if (address.ss_family == AF_INET) {
    const auto& a = reinterpret_cast<const sockaddr_in&>(address);
    inet_ntop(AF_INET, &a.sin_addr, text, sizeof text);
    return {text, ntohs(a.sin_port)};
  }
  if (address.ss_family == AF_INET6) {
    const auto& a = reinterpret_cast<const sockaddr_in6&>(address);
    inet_ntop(AF_INET6, &a.sin6_addr, text, sizeof text);
    return {text, ntohs(a.sin6_port)};
  }
  return {"", -1};
}

bool matches(int fd, const std::string& remote_addr, int remote_port, int local_port) {
  sockaddr_storage peer{}, self{};
  socklen_t peer_size = sizeof peer, self_size = sizeof self;
  if (getpeername(fd, reinterpret_cast<sockaddr*>(&peer), &peer_size) != 0) return false;
  if (getsockname(fd, reinterpret_cast<sockaddr*>(&self), &self_size) != 0) return false;
  const auto [peer_addr, peer_port] = describe(peer);
  return peer_port == remote_port && peer_addr == remote_addr && describe(self).second == local_port;
}

}  // namespace

bool ConnectionProbe::closed() {
  if (fd_ == -2) {
    fd_ = -1;
    rlimit limit{};
    const int last =
        getrlimit(RLIMIT_NOFILE, &limit) == 0 ? static_cast<int>(std::min<rlim_t>(limit.rlim_cur, 8192)) : 1024;
    for (int fd = 3; fd < last && fd_ < 0; ++fd)
      if (matches(fd, remote_addr_, remote_port_, local_port_)) fd_ = fd;
  }
  if (fd_ < 0) return false;
  pollfd p{fd_, POLLRDHUP, 0};
  if (poll(&p, 1, 0) < 0) return false;
  return (p.revents & (POLLRDHUP | POLLHUP | POLLERR | POLLNVAL)) != 0;
}

}  // namespace equity::serve
