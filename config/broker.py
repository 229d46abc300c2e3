"""The Celery broker's transport: kombu's Redis transport, made to outlive Redis.

When Redis drops, the worker's consumer closes its broker connection and then closes it
again while recovering; kombu 5.7's Redis channel tries on that second close to push the
worker's unacknowledged messages back to the queue through a connection it has already
released, raises AttributeError (not a connection error, so nothing catches it) and the
worker exits: "Unrecoverable error: AttributeError ... 'hostname'". Those messages cannot
be restored then anyway (the broker is gone); they stay in Redis's unacknowledged set and
come back after the visibility timeout (settings: CELERY_BROKER_TRANSPORT_OPTIONS), so
skipping the restore loses nothing and the worker goes on reconnecting.
"""

from __future__ import annotations

import logging

from kombu.transport import redis

log = logging.getLogger(__name__)


class QoS(redis.QoS):
    def restore_unacked(self, client=None):
        if client is None and self.channel.connection.client is None:
            log.warning(
                "The broker connection is closed: %d unacknowledged message(s) return "
                "after the visibility timeout",
                len(self._delivered),
            )
            self._delivered.clear()
            return None
        return super().restore_unacked(client)


class Channel(redis.Channel):
    QoS = QoS


class Transport(redis.Transport):
    Channel = Channel
