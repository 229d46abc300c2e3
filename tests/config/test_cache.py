"""config.cache: Django's Redis cache, making one Redis client per connection pool
rather than one per operation."""

from django.core.cache import caches

from config.cache import RedisCache


def test_one_client_serves_every_operation():
    cache = caches["default"]
    assert isinstance(cache, RedisCache)
    cache.set("kept-client", 41)
    assert cache.incr("kept-client") == 42
    assert cache.get("kept-client") == 42
    clients = {id(cache._cache.get_client(write=write)) for write in (False, True, False)}
    assert len(clients) == 1
