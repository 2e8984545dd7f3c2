"""Who may write, and how a phone at the table gets there.

The model is Jupyter's: the server listens on 127.0.0.1 unless told
``--lan``, and writing takes a key, an unguessable token made when the
server starts and printed in the join link (``http://HOST:PORT/?key=...``)
and its QR code.  A page keeps the key it was opened with and sends it with
every write in a header (``X-Golf-Key``), never in a cookie, so another site
a phone has open cannot make it write (a cross-site form sends cookies, not
headers).  A phone without the key reads the card and changes nothing: the
scorecard on the wall for everyone, the pen for those given the link.

The key is wanted on 127.0.0.1 too: any page in the local browser can send
requests to a loopback port, and a key it cannot know is what stops it.
The ``Host`` a request names is checked for the same reason (a site whose
name is made to point at 127.0.0.1 sends its own name): on loopback only
loopback names are served.
"""

from __future__ import annotations

import hmac
import io
import secrets
import socket
from dataclasses import dataclass

#: The header a page sends its key in.
KEY_HEADER = "x-golf-key"

#: The names a request may give in ``Host`` when the server listens on loopback.
LOOPBACK_NAMES = frozenset({"127.0.0.1", "localhost", "[::1]", "::1"})

#: A documentation-only address (RFC 5737): connecting a UDP socket to it sends no
#: packet, it only asks the kernel which local address would route there.
_PROBE = ("192.0.2.1", 9)


def new_key() -> str:
    """An edit key: 128 bits from the system's secure generator, URL-safe."""
    return secrets.token_urlsafe(16)


@dataclass(frozen=True)
class Access:
    """The server's key and where it listens (``lan``: every interface)."""

    key: str
    lan: bool = False

    def can_edit(self, presented: str | None) -> bool:
        """Whether ``presented`` is the key (compared in constant time)."""
        if not presented:
            return False
        return hmac.compare_digest(presented.encode("utf-8", "replace"), self.key.encode())

    def host_allowed(self, host: str) -> bool:
        """Whether a request naming ``host`` (``Host`` header, port included) is
        served: any name on the local network, loopback names on loopback."""
        if self.lan:
            return True
        name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
        return name.lower() in LOOPBACK_NAMES


def bind_host(lan: bool) -> str:
    """The address to listen on: every interface with ``--lan``, else loopback."""
    return "0.0.0.0" if lan else "127.0.0.1"


def lan_address() -> str | None:
    """This machine's address on the local network (the one its default
    route leaves by), or None when it has none.  No packet is sent."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(_PROBE)
            address = str(s.getsockname()[0])
    except OSError:
        return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def join_link(host: str, port: int, key: str) -> str:
    """The link that opens the page with the right to write."""
    return f"http://{host}:{port}/?key={key}"


def view_link(host: str, port: int) -> str:
    """The link that opens the page to read only."""
    return f"http://{host}:{port}/"


def qr_text(link: str) -> str:
    """``link`` as a QR code drawn with block characters, for the terminal
    (two rows of modules per line, so it stays small enough to scan)."""
    import segno

    out = io.StringIO()
    segno.make(link, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def qr_svg(link: str) -> str:
    """``link`` as a QR code in SVG, for the page (no XML declaration: it goes
    inline into the page)."""
    import segno

    out = io.BytesIO()
    segno.make(link, error="m").save(
        out, kind="svg", border=2, xmldecl=False, omitsize=True, svgclass="qr-code"
    )
    return out.getvalue().decode("ascii")
