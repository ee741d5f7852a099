// The Debian package of the release tree: /usr/lib/pooltop/ (the archive's bin, lib and dist),
// /usr/bin/pooltop, the man page, /usr/share/doc/pooltop, two systemd units installed disabled,
// a `pooltop` system user made on install and /etc/pooltop/credentials, a conffile only root and
// that user can read. Built with dpkg-deb --root-owner-group; SOURCE_DATE_EPOCH makes it the same
// bytes twice (dpkg-deb clamps its members' times to it).

/** Debian's names for Node's architectures. */
export const DEB_ARCH = { x64: 'amd64', arm64: 'arm64' };

const HARDENING = `NoNewPrivileges=yes
ProtectSystem=strict
ProtectHome=yes
PrivateTmp=yes
PrivateDevices=yes
ProtectKernelTunables=yes
ProtectKernelModules=yes
ProtectKernelLogs=yes
ProtectControlGroups=yes
ProtectClock=yes
ProtectHostname=yes
RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6
RestrictNamespaces=yes
RestrictRealtime=yes
RestrictSUIDSGID=yes
LockPersonality=yes
SystemCallArchitectures=native
CapabilityBoundingSet=
UMask=0077`;

/**
 * The units: as docs/monitoring.md's, run as the `pooltop` user with the credentials of
 * /etc/pooltop/credentials, the preferences in /etc/pooltop/config.toml (XDG_CONFIG_HOME=/etc)
 * and the watcher's state in /var/lib/pooltop (made by systemd). Not MemoryDenyWriteExecute:
 * V8 compiles to memory it then runs. The launcher gives node --disable-sigusr1 itself.
 */
function unit(description, exec) {
  return `[Unit]
Description=${description}
Documentation=man:pooltop(1) file:///usr/share/doc/pooltop/monitoring.md.gz
Wants=network-online.target
After=network-online.target

[Service]
Type=simple
User=pooltop
Group=pooltop
EnvironmentFile=/etc/pooltop/credentials
Environment=XDG_CONFIG_HOME=/etc POOLTOP_STATE_DIR=/var/lib/pooltop
StateDirectory=pooltop
StateDirectoryMode=0700
WorkingDirectory=/var/lib/pooltop
ExecStart=${exec}
Restart=on-failure
RestartSec=5s
${HARDENING}

[Install]
WantedBy=multi-user.target
`;
}

export const UNITS = {
  'pooltop-watch.service': unit('pooltop watch: pool and worker alerts', '/usr/bin/pooltop watch'),
  'pooltop-exporter.service': unit('pooltop Prometheus exporter', '/usr/bin/pooltop exporter --listen 127.0.0.1:9861'),
};

/** The credentials template: the variables pooltop reads (src/config/settings-meta.ts), none set. */
export function credentialsTemplate(settings) {
  const lines = [
    '# The environment of the pooltop-watch and pooltop-exporter services (systemd EnvironmentFile).',
    '# Readable by root and the pooltop group only (0640 root:pooltop); kept on upgrade.',
    '# An API key with read access is enough; pooltop never changes an account.',
    '# Then: systemctl enable --now pooltop-watch (or pooltop-exporter).',
    '',
  ];
  for (const s of settings) lines.push(`# ${s.label}${s.secret ? ' (secret)' : ''}`, `#${s.env}=`);
  return `${lines.join('\n')}\n`;
}

export function control({ version, arch, installedSize, description }) {
  return `Package: pooltop
Version: ${version}
Architecture: ${arch}
Maintainer: pooltop maintainers <pooltop@users.noreply.github.com>
Installed-Size: ${installedSize}
Depends: adduser, libc6 (>= 2.28), libgcc-s1, libstdc++6 (>= 5.2)
Section: net
Priority: optional
Homepage: https://github.com/pooltop/pooltop
Description: ${description}
 pooltop is a terminal dashboard and command-line tool for a WhiteBIT mining
 pool and the sub-accounts of an exchange account, with a Prometheus exporter,
 a monitoring plugin and an alert watcher. It runs on the Node.js shipped in
 /usr/lib/pooltop, whatever Node.js the system has.
 .
 The pooltop-watch and pooltop-exporter services are installed disabled.
`;
}

// Debian's own way to make a system user; useradd where adduser is missing.
export const POSTINST = `#!/bin/sh
set -e
if [ "$1" = configure ]; then
  if ! getent passwd pooltop >/dev/null; then
    if command -v adduser >/dev/null; then
      adduser --system --group --home /var/lib/pooltop --no-create-home --quiet pooltop
    else
      useradd --system --user-group --home-dir /var/lib/pooltop --no-create-home --shell /usr/sbin/nologin pooltop
    fi
  fi
  # Only root and the services can read the credentials (dpkg unpacked it 0640 root:root).
  chgrp pooltop /etc/pooltop/credentials
  chmod 0640 /etc/pooltop/credentials
  # The units are shipped disabled: the credentials come first. Only make systemd see them.
  if [ -d /run/systemd/system ]; then
    systemctl --system daemon-reload >/dev/null || true
  fi
fi
exit 0
`;

// Stop the services on removal; they were never enabled by the package.
export const PRERM = `#!/bin/sh
set -e
if [ -d /run/systemd/system ] && [ "$1" = remove ]; then
  systemctl stop pooltop-watch.service pooltop-exporter.service >/dev/null 2>&1 || true
fi
exit 0
`;

// Purge: the state pooltop's services made (/var/lib/pooltop: tokens, what was seen and sent,
// the code cache) and the system user. What the admin made in /etc/pooltop stays.
export const POSTRM = `#!/bin/sh
set -e
if [ -d /run/systemd/system ]; then
  systemctl --system daemon-reload >/dev/null || true
fi
if [ "$1" = purge ]; then
  rm -rf /var/lib/pooltop
  if getent passwd pooltop >/dev/null; then
    if command -v deluser >/dev/null; then
      deluser --system --quiet pooltop || true
    else
      userdel pooltop || true
    fi
  fi
  if getent group pooltop >/dev/null; then
    if command -v delgroup >/dev/null; then
      delgroup --system --quiet pooltop || true
    else
      groupdel pooltop || true
    fi
  fi
fi
exit 0
`;

/** DEP-5 copyright: pooltop's licence and Node's (its LICENSE lists the libraries it includes). */
export function copyright({ year, license, nodeVersion, nodeLicense }) {
  const indent = (text) =>
    text
      .replace(/\s+$/, '')
      .split('\n')
      .map((line) => (line.trim() === '' ? ' .' : ` ${line}`))
      .join('\n');
  return `Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: pooltop
Source: https://github.com/pooltop/pooltop

Files: *
Copyright: ${year} pooltop contributors
License: MIT

Files: usr/lib/pooltop/lib/node
Copyright: Node.js contributors, Joyent, Inc. and other Node contributors
Comment: The official Node.js ${nodeVersion} binary, from the npm registry's node-linux-* package.
 Node.js's own licence follows. The licences of the libraries built into it
 (OpenSSL, ICU, V8, libuv, zlib and others) are in its LICENSE, shipped whole
 as /usr/share/doc/pooltop/LICENSE.node.gz.
License: Node.js
${indent(nodeLicense.split(/\n(?=The externally maintained libraries used by Node\.js are:)/)[0])}

License: MIT
${indent(license)}
`;
}

/** The official Node.js binary is shipped as its project built it; the credentials are secret. */
export const LINTIAN_OVERRIDES = `# The official Node.js binary, shipped as the Node.js project built it.
pooltop: embedded-library * [usr/lib/pooltop/lib/node]
pooltop: unstripped-binary-or-object [usr/lib/pooltop/lib/node]
pooltop: hardening-no-pie [usr/lib/pooltop/lib/node]
# API secrets: root and the pooltop group only.
pooltop: non-standard-file-perm 0640 != 0644 [etc/pooltop/credentials]
`;

export function changelog({ version, date }) {
  return `pooltop (${version}) unstable; urgency=medium

  * Release ${version.replace(/-\d+$/, '')}: pooltop with its own Node.js.

 -- pooltop maintainers <pooltop@users.noreply.github.com>  ${date}
`;
}
