#!/usr/bin/env bash
# Static checks of deploy/ (nothing here can run the image, compose or a cluster: no Docker daemon, no
# cluster). Each check prints what it checked; the script exits non-zero at the first that fails.
# The tools are pinned in requirements-test.txt; .ci/run calls this after ruff.
#   hadolint             deploy/Dockerfile (every warning fixed, none ignored)
#   kubernetes-validate  every manifest under deploy/k8s/, strictly (an unknown field fails), against
#                        Kubernetes 1.32 (the kubectl of the project's machine) and 1.37 (the newest
#                        kubernetes-validate 1.37.0 knows); with kubectl on the machine, also what
#                        `kubectl kustomize` makes of the two kustomizations
#   check-jsonschema     deploy/compose.yaml against the compose specification's schema (the copy that
#                        check-jsonschema ships: vendor.compose-spec, Apache-2.0)
#   nginx -t             deploy/nginx.compose.conf (its pid, logs, picture cache and temporary files moved into a
#                        temporary folder; the replicas' addresses are fixed, so nothing needs resolving)
set -euo pipefail
cd "$(dirname "$0")/.."

KUBERNETES=(1.32.0 1.37.0)
scripts="$(python -c 'import sysconfig; print(sysconfig.get_path("scripts"))')"
work="$(mktemp -d /tmp/deploy-check-XXXXXX)"
trap 'rm -rf "$work"' EXIT

echo "hadolint: deploy/Dockerfile"
"$scripts/hadolint" deploy/Dockerfile

mapfile -t manifests < <(find deploy/k8s -name '*.yaml' ! -name kustomization.yaml | sort)
for version in "${KUBERNETES[@]}"; do
  echo "kubernetes-validate --strict, Kubernetes $version: ${#manifests[@]} manifests"
  python -m kubernetes_validate --strict --quiet -k "$version" "${manifests[@]}"
done
if command -v kubectl >/dev/null; then
  for folder in deploy/k8s deploy/k8s/external-redis; do
    echo "kubectl kustomize $folder, then kubernetes-validate --strict"
    kubectl kustomize "$folder" >"$work/built.yaml"
    python -m kubernetes_validate --strict --quiet -k "${KUBERNETES[0]}" "$work/built.yaml"
  done
else
  echo "kubectl kustomize: skipped (no kubectl; tests/deploy/test_deploy.py checks the kustomizations' lists)"
fi

echo "check-jsonschema (compose specification): deploy/compose.yaml"
python -m check_jsonschema --builtin-schema vendor.compose-spec deploy/compose.yaml

nginx="$(command -v nginx || echo /usr/sbin/nginx)"
if [ -x "$nginx" ]; then
  echo "nginx -t: deploy/nginx.compose.conf"
  mkdir -p "$work/logs" "$work/temp"
  sed -e "s#^pid .*#pid $work/nginx.pid;#" \
    -e "s#/dev/stderr#$work/logs/error.log#" \
    -e "s#/dev/stdout#$work/logs/access.log#" \
    -e "s#/var/cache/nginx/pictures#$work/temp/pictures#" \
    -e "s#^http {#http {\n    client_body_temp_path $work/temp/body;\n    proxy_temp_path $work/temp/proxy;\n    fastcgi_temp_path $work/temp/fastcgi;\n    uwsgi_temp_path $work/temp/uwsgi;\n    scgi_temp_path $work/temp/scgi;#" \
    deploy/nginx.compose.conf >"$work/nginx.conf"
  "$nginx" -t -q -p "$work" -c "$work/nginx.conf" -e "$work/logs/error.log"
elif [ "${CI:-}" = "true" ]; then
  echo "nginx -t: no nginx, and CI=true (.ci/run installs it)" >&2
  exit 1
else
  echo "nginx -t: skipped (no nginx; apt-get install -y nginx)"
fi
echo "deploy/check.sh: all passed"
