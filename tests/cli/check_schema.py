#!/usr/bin/env python3
"""check_schema.py SCHEMA FILE.json...: check ctasim JSON results against the
schema (tests/data/schema/result.schema): every key named, every type as
written, every required key present. Prints one line per problem; exit 1 if
any. Keys may hold dots (metric names such as dyncta.n_avg): a path is a list
of (key, array depth) steps, and '*' in the schema matches any one key."""
import json
import sys


def parse_path(p):
    steps = []
    for part in p.split('.'):
        depth = part.count('[]')
        steps.append((part.replace('[]', ''), depth))
    return tuple(steps)


def load_schema(path):
    rules = {}
    for line in open(path):
        line = line.split('#', 1)[0].strip()
        if not line:
            continue
        p, types, need = line.split()
        rules[parse_path(p)] = (set(types.split('|')), need == 'required')
    return rules


def type_ok(v, types):
    if isinstance(v, bool):
        return 'bool' in types
    if v is None:
        return 'null' in types
    if isinstance(v, int):
        return 'int' in types or 'number' in types
    if isinstance(v, float):
        return 'number' in types
    if isinstance(v, str):
        return 'string' in types
    if isinstance(v, list):
        return 'array' in types
    if isinstance(v, dict):
        return 'object' in types
    return False


def match(rule, steps):
    return len(rule) == len(steps) and all(
        (rk == sk or rk == '*') and rd == sd for (rk, rd), (sk, sd) in zip(rule, steps))


def rule_for(rules, steps):
    if steps in rules:
        return steps
    for r in rules:
        if match(r, steps):
            return r
    return None


def show(steps):
    return '.'.join(k + '[]' * d for k, d in steps) or '(top)'


def walk(v, steps, rules, problems):
    r = rule_for(rules, steps) if steps else ()
    if r is None:
        problems.append('%s: key not in the schema' % show(steps))
        return
    types = rules[r][0] if steps else {'object'}
    if not type_ok(v, types):
        problems.append('%s: %s, schema says %s' % (show(steps), type(v).__name__, '|'.join(sorted(types))))
        return
    if isinstance(v, dict):
        for k, x in v.items():
            walk(x, steps + ((k, 0),), rules, problems)
        for rp, (_, req) in rules.items():
            if req and len(rp) == len(r) + 1 and rp[:len(r)] == r and rp[-1][1] == 0 and rp[-1][0] != '*':
                if rp[-1][0] not in v:
                    problems.append('%s: required key missing' % show(steps + ((rp[-1][0], 0),)))
    elif isinstance(v, list):
        last = steps[-1]
        for x in v:
            walk(x, steps[:-1] + ((last[0], last[1] + 1),), rules, problems)


def main():
    rules = load_schema(sys.argv[1])
    bad = 0
    for f in sys.argv[2:]:
        try:
            doc = json.load(open(f))
        except (OSError, ValueError) as e:
            print('%s: not JSON: %s' % (f, e))
            bad += 1
            continue
        problems = []
        walk(doc, (), rules, problems)
        for p in problems:
            print('%s: %s' % (f, p))
        bad += len(problems)
    sys.exit(1 if bad else 0)


main()
