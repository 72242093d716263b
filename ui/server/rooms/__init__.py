"""The class room's server side: two stores behind one interface (store.py), the fan-out of room
versions to open event streams (hub.py), each stream a bare ASGI response that its room's channel
writes to (stream.py), and the HTTP and SSE routes under /classroom/ (routes.py).
The room itself, as plain data, is stonegame/room.py."""
