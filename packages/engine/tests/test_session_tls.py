"""HTTPS with HTTP/2 through the guarded transport: the session resolves a name once, connects to the
checked address, and still speaks TLS with the original name (SNI, certificate check, :authority).

A real TLS server with ALPN h2 runs on 127.0.0.1 in the test's event loop (built on the `h2` library),
with a certificate from a throwaway CA the session is told to trust (`SessionConfig.ca_bundle`).
"""

from __future__ import annotations

import asyncio
import datetime
import ssl
from pathlib import Path

import h2.config
import h2.connection
import h2.events
import pytest
from browsy_engine.session import AsyncSession, Network, SessionConfig
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

HOST = "browsy-h2.test"
PAGE = b"<!doctype html><title>Over HTTP/2</title><h1>Served over HTTP/2</h1>"


def _name(common: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common)])


def make_certificates(folder: Path) -> tuple[Path, Path, Path]:
    """A CA and a server certificate for HOST signed by it: (ca.pem, server.pem, server.key)."""
    now = datetime.datetime.now(datetime.UTC)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca = (
        x509.CertificateBuilder()
        .subject_name(_name("browsy test CA"))
        .issuer_name(_name("browsy test CA"))
        .public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(hours=1))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .add_extension(
            x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True
        )
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    key = ec.generate_private_key(ec.SECP256R1())
    cert = (
        x509.CertificateBuilder()
        .subject_name(_name(HOST))
        .issuer_name(ca.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(hours=1))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName(HOST)]), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), critical=False
        )
        .sign(ca_key, hashes.SHA256())
    )
    paths = folder / "ca.pem", folder / "server.pem", folder / "server.key"
    paths[0].write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    paths[1].write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    paths[2].write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
    )
    return paths


class H2Server:
    """A tiny HTTP/2-only TLS server: answers every request with PAGE and records what it saw."""

    def __init__(self, cert: Path, key: Path) -> None:
        self.context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        self.context.load_cert_chain(cert, key)
        self.context.set_alpn_protocols(["h2"])
        self.context.sni_callback = self._sni
        self.server_names: list[str | None] = []
        self.requests: list[dict[str, str]] = []

    def _sni(self, sock, server_name, context) -> None:
        self.server_names.append(server_name)

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = h2.connection.H2Connection(
            h2.config.H2Configuration(client_side=False, header_encoding="utf-8")
        )
        conn.initiate_connection()
        writer.write(conn.data_to_send())
        try:
            while data := await reader.read(65536):
                for event in conn.receive_data(data):
                    if isinstance(event, h2.events.RequestReceived):
                        self.requests.append(dict(event.headers))
                        conn.send_headers(
                            event.stream_id,
                            [
                                (":status", "200"),
                                ("content-type", "text/html; charset=utf-8"),
                                ("content-length", str(len(PAGE))),
                            ],
                        )
                        conn.send_data(event.stream_id, PAGE, end_stream=True)
                writer.write(conn.data_to_send())
                await writer.drain()
        except (ConnectionError, ssl.SSLError):
            pass
        finally:
            writer.close()


def test_https_over_http2_with_sni_of_the_original_name(tmp_path):
    ca, cert, key = make_certificates(tmp_path)
    server = H2Server(cert, key)
    resolved: list[str] = []

    async def resolver(host: str, port: int) -> list[str]:
        resolved.append(host)
        return ["127.0.0.1"]

    async def scenario():
        listener = await asyncio.start_server(server.handle, "127.0.0.1", 0, ssl=server.context)
        port = listener.sockets[0].getsockname()[1]
        config = SessionConfig(allowed_hosts=[f"{HOST}:{port}"], ca_bundle=str(ca), fetch_css=False)
        try:
            async with AsyncSession(config, resolver=resolver) as s:
                dom = await s.goto(f"https://{HOST}:{port}/start?x=1")
                return port, dom, s._page.http_version
        finally:
            listener.close()
            await listener.wait_closed()

    port, dom, version = asyncio.run(scenario())
    assert version == "HTTP/2"
    assert dom.title == "Over HTTP/2"
    assert resolved == [HOST]
    assert server.server_names == [HOST]
    assert server.requests[0][":authority"] == f"{HOST}:{port}"
    assert server.requests[0][":path"] == "/start?x=1"


def test_an_untrusted_certificate_is_a_network_error(tmp_path):
    _ca, cert, key = make_certificates(tmp_path)
    server = H2Server(cert, key)

    async def resolver(host: str, port: int) -> list[str]:
        return ["127.0.0.1"]

    async def scenario():
        listener = await asyncio.start_server(server.handle, "127.0.0.1", 0, ssl=server.context)
        port = listener.sockets[0].getsockname()[1]
        try:
            async with AsyncSession(SessionConfig(allowed_hosts=[f"{HOST}:{port}"]), resolver=resolver) as s:
                with pytest.raises(Network, match="could not connect"):
                    await s.goto(f"https://{HOST}:{port}/")
        finally:
            listener.close()
            await listener.wait_closed()

    asyncio.run(scenario())
    assert server.requests == []
