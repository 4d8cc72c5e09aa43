#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Validates the GSettings schemas in the source data directory.

Runs glib-compile-schemas --strict --dry-run on the directory, then checks
that the application's schema has the application id and path. Skips
(exit 77) while the directory holds no schema.

Usage: check-gschema.py DATA_DIR APP_ID
"""
import glob
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    data_dir, app_id = sys.argv[1], sys.argv[2]
    schemas = sorted(glob.glob(os.path.join(data_dir, '*.gschema.xml')))
    if not schemas:
        print(f'no *.gschema.xml in {data_dir} yet: skipped')
        return 77
    compiler = shutil.which('glib-compile-schemas')
    if compiler is None:
        print('glib-compile-schemas not found: skipped')
        return 77

    proc = subprocess.run([compiler, '--strict', '--dry-run', data_dir],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    sys.stdout.write(proc.stdout)
    if proc.returncode != 0 or proc.stdout.strip():
        print(f'error: glib-compile-schemas --strict --dry-run {data_dir} failed')
        return 1

    errors = []
    main_schema = os.path.join(data_dir, app_id + '.gschema.xml')
    if not os.path.exists(main_schema):
        errors.append(f'{app_id}.gschema.xml is missing')
    else:
        root = ET.parse(main_schema).getroot()
        ids = {s.get('id'): s for s in root.iter('schema')}
        expected_path = '/' + app_id.replace('.', '/') + '/'
        if app_id not in ids:
            errors.append(f'no schema with id {app_id}')
        else:
            schema = ids[app_id]
            if schema.get('path') != expected_path:
                errors.append(f'schema {app_id} has path {schema.get("path")}, expected {expected_path}')
            domain = root.get('gettext-domain') or schema.get('gettext-domain')
            if domain not in (None, 'kazaki'):
                errors.append(f'gettext-domain is {domain}, expected kazaki')
            keys = [k.get('name') for k in schema.iter('key')]
            print(f'{app_id}: {len(keys)} keys: {", ".join(keys)}')
            for key in schema.iter('key'):
                if key.find('summary') is None:
                    errors.append(f'key {key.get("name")} has no <summary>')
    for e in errors:
        print('error:', e)
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main())
