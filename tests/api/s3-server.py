"""
An S3-compatible object store for the API tests (tests/api/uploads-s3.test.ts): OpenStack Swift
(Debian `python3-swift`) with its s3api middleware, in one process on 127.0.0.1.

Swift is a real object store (proxy, account, container and object servers, rings, files with
xattrs), and s3api answers what the API's S3 path uses: PutObject, GetObject with Range,
HeadObject, DeleteObject and the multipart calls @tus/s3-store makes (create, upload part,
list parts, complete, abort). The four servers run as green threads of one process so the test
starts it in about a second; tempauth checks the AWS signatures (access key `test:tester`,
secret `testing`); a dict stands in for memcached.

Usage: s3-server.py <empty directory>. Prints `{"port": N}` on stdout once it answers, then serves
until its stdin closes (or it is killed).
"""

import json
import os
import sys

import eventlet

eventlet.monkey_patch()

from eventlet import wsgi  # noqa: E402
from swift.common import constraints, storage_policy, utils  # noqa: E402
from swift.common.ring import RingBuilder  # noqa: E402
from swift.common.wsgi import loadapp  # noqa: E402

ROOT = os.path.abspath(sys.argv[1])
ETC = os.path.join(ROOT, "etc")
DEVICES = os.path.join(ROOT, "srv")


class DictCache:
    """The memcache client tempauth and s3api ask for (swift.cache), kept in a dict."""

    def __init__(self):
        self.store = {}

    def get(self, key, **_):
        return self.store.get(key)

    def set(self, key, value, time=0, **_):
        self.store[key] = value
        return True

    def incr(self, key, delta=1, time=0, **_):
        self.store[key] = int(self.store.get(key) or 0) + int(delta)
        return self.store[key]

    def decr(self, key, delta=1, time=0, **_):
        return self.incr(key, -delta, time)

    def delete(self, key, **_):
        self.store.pop(key, None)


CACHE = DictCache()


def cache_filter(_global_conf, **_local_conf):
    def wrap(app):
        def middleware(env, start_response):
            env["swift.cache"] = CACHE
            return app(env, start_response)

        return middleware

    return wrap


def write(name, text):
    with open(os.path.join(ETC, name), "w") as f:
        f.write(text)


def main():
    os.makedirs(ETC, exist_ok=True)
    os.makedirs(os.path.join(DEVICES, "d1"), exist_ok=True)
    write("swift.conf", "[swift-hash]\nswift_hash_path_suffix = lms-tests\n\n[storage-policy:0]\nname = gold\ndefault = yes\n")
    # Swift reads swift.conf from /etc/swift unless told otherwise: point it at ours.
    utils.SWIFT_CONF_FILE = os.path.join(ETC, "swift.conf")
    utils.HASH_PATH_SUFFIX = b""
    utils.validate_hash_conf()
    storage_policy.SWIFT_CONF_FILE = utils.SWIFT_CONF_FILE
    storage_policy.reload_storage_policies()
    constraints.reload_constraints()

    socks = {name: eventlet.listen(("127.0.0.1", 0)) for name in ("account", "container", "object", "proxy")}
    port = {name: s.getsockname()[1] for name, s in socks.items()}
    # One device, one replica, 16 partitions: the smallest ring that places everything.
    for name in ("account", "container", "object"):
        builder = RingBuilder(4, 1, 1)
        builder.add_dev({"id": 0, "region": 1, "zone": 1, "ip": "127.0.0.1", "port": port[name], "device": "d1", "weight": 1})
        builder.rebalance()
        builder.get_ring().save(os.path.join(ETC, f"{name}.ring.gz"))

    # Swift logs to syslog; errors only, and sent to the UDP discard port rather than the machine's log.
    default = f"[DEFAULT]\nswift_dir = {ETC}\ndevices = {DEVICES}\nmount_check = false\ndisable_fallocate = true\nlog_level = ERROR\nlog_udp_host = 127.0.0.1\nlog_udp_port = 9\n"
    for name in ("account", "container", "object"):
        write(f"{name}.conf", f"{default}\n[pipeline:main]\npipeline = {name}\n\n[app:{name}]\nuse = egg:swift#{name}\n")
    # Swift's sample proxy pipeline: s3api turns S3 calls into Swift ones before tempauth checks their
    # signature; slo assembles a completed multipart upload from its parts.
    write(
        "proxy.conf",
        f"""{default}
[pipeline:main]
pipeline = catch_errors gatekeeper healthcheck proxy-logging cache listing_formats bulk s3api tempauth copy slo dlo versioned_writes proxy-logging proxy-server

[app:proxy-server]
use = egg:swift#proxy
account_autocreate = true

[filter:catch_errors]
use = egg:swift#catch_errors
[filter:gatekeeper]
use = egg:swift#gatekeeper
[filter:healthcheck]
use = egg:swift#healthcheck
[filter:proxy-logging]
use = egg:swift#proxy_logging
[filter:cache]
use = call:__main__:cache_filter
[filter:listing_formats]
use = egg:swift#listing_formats
[filter:bulk]
use = egg:swift#bulk
[filter:s3api]
use = egg:swift#s3api
location = us-east-1
[filter:tempauth]
use = egg:swift#tempauth
user_test_tester = testing .admin
[filter:copy]
use = egg:swift#copy
[filter:slo]
use = egg:swift#slo
[filter:dlo]
use = egg:swift#dlo
[filter:versioned_writes]
use = egg:swift#versioned_writes
""",
    )
    null_log = open(os.devnull, "w")
    servers = eventlet.GreenPool()
    for name in ("account", "container", "object", "proxy"):
        app = loadapp(os.path.join(ETC, f"{name}.conf"), allow_modify_pipeline=False)
        servers.spawn(wsgi.server, socks[name], app, log=null_log, log_output=False)
    print(json.dumps({"port": port["proxy"]}), flush=True)
    # Gone with the test: stdin is the test's pipe, so its end (the test closing, or its process
    # killed) ends this server too, and no object store outlives an interrupted run. A real thread:
    # a blocking read in a green thread would stop the servers.
    original_threading = eventlet.patcher.original("threading")
    original_threading.Thread(target=lambda: (sys.stdin.buffer.read(), os._exit(0)), daemon=True).start()
    servers.waitall()


if __name__ == "__main__":
    main()
