#!/bin/sh
# Starts Chromium in a network namespace of its own: no interface is up in it
# (not even loopback), so no protocol the page can reach for (WebRTC, QUIC,
# DNS-over-HTTPS, raw sockets of any kind) leaves it. Playwright talks to
# Chromium over a pipe, and every resource arrives through request
# interception from the parent's guarded fetch. Set by isolation.ts:
#   EMS_CHROMIUM        the real browser executable
#   EMS_UNSHARE_FLAGS   "--net" as root, "--user --map-root-user --net" otherwise
# shellcheck disable=SC2086
exec unshare $EMS_UNSHARE_FLAGS -- "$EMS_CHROMIUM" "$@"
