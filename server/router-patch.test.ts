// The patches of @remix-run/router, @remix-run/react and react-router-dom (patches/, docs/decisions/065
// and 072): route matching reuses a route tree's ranked branches, each path's compiled pattern and each
// path's matches, and a server render reuses the build's route objects. These tests hold them to the
// unpatched behaviour.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createMemoryHistory, createRouter, matchPath, matchRoutes } from '@remix-run/router'
import { describe, expect, it } from 'vitest'

const ids = (matches: ReturnType<typeof matchRoutes>) => matches?.map((m) => m.route.id) ?? null

describe('the patched route matcher', () => {
  it('is the installed one (npm install applies patches/ through postinstall)', () => {
    const file = createRequire(import.meta.url).resolve('@remix-run/router')
    expect(readFileSync(file, 'utf8')).toContain('docs/decisions/065')
  })

  it('matches the same as before, call after call on one route tree', () => {
    const routes = [
      {
        id: 'root',
        path: '/',
        children: [
          { id: 'index', index: true },
          { id: 'campaigns', path: 'campaigns' },
          { id: 'campaign', path: 'campaigns/:id' },
          { id: 'admin', path: 'admin', children: [{ id: 'admin-campaigns', path: 'campaigns' }] },
          { id: 'splat', path: '*' },
        ],
      },
    ]
    for (let round = 0; round < 3; round++) {
      expect(ids(matchRoutes(routes, '/'))).toEqual(['root', 'index'])
      expect(ids(matchRoutes(routes, '/campaigns'))).toEqual(['root', 'campaigns'])
      expect(ids(matchRoutes(routes, '/CAMPAIGNS/'))).toEqual(['root', 'campaigns'])
      expect(matchRoutes(routes, '/campaigns/42')?.at(-1)?.params).toEqual({ id: '42' })
      expect(matchRoutes(routes, '/campaigns/43')?.at(-1)?.params).toEqual({ id: '43' })
      expect(ids(matchRoutes(routes, '/admin/campaigns'))).toEqual(['root', 'admin', 'admin-campaigns'])
      expect(ids(matchRoutes(routes, '/elsewhere/deep'))).toEqual(['root', 'splat'])
    }
  })

  it('gives every caller its own matches of a path it has matched before', () => {
    const routes = [{ id: 'root', path: '/', children: [{ id: 'campaign', path: 'campaigns/:id/:tab' }] }]
    const first = matchRoutes(routes, '/campaigns/7/history')
    expect(first?.map((m) => m.params)).toEqual([
      { id: '7', tab: 'history' },
      { id: '7', tab: 'history' },
    ])
    // As unpatched, the matches of one call share one params object.
    expect(first?.[0]?.params).toBe(first?.[1]?.params)
    ;(first![1]!.params as Record<string, string>).id = '8'
    first![1]!.pathname = '/changed'
    first!.pop()
    const again = matchRoutes(routes, '/campaigns/7/history')
    expect(again?.map((m) => [m.route.id, m.pathname, m.params.id])).toEqual([
      ['root', '/', '7'],
      ['campaign', '/campaigns/7/history', '7'],
    ])
    expect(matchRoutes(routes, '/campaigns/7')).toBeNull()
    expect(matchRoutes(routes, '/campaigns/7')).toBeNull()
  })

  it("makes a server render's route objects once per build (patched @remix-run/react, react-router-dom)", () => {
    const require = createRequire(import.meta.url)
    for (const name of ['@remix-run/react/dist/server.js', 'react-router-dom/server.js'])
      expect(readFileSync(require.resolve(name), 'utf8')).toContain('docs/decisions/072')
  })

  it('keeps case sensitivity and end matching apart for one path', () => {
    expect(matchPath({ path: '/Campaigns', caseSensitive: true }, '/campaigns')).toBeNull()
    expect(matchPath({ path: '/Campaigns', caseSensitive: false }, '/campaigns')).not.toBeNull()
    expect(matchPath({ path: '/campaigns', end: true }, '/campaigns/1')).toBeNull()
    expect(matchPath({ path: '/campaigns', end: false }, '/campaigns/1')?.pathnameBase).toBe('/campaigns')
    expect(matchPath({ path: '/campaigns', end: true }, '/campaigns')).not.toBeNull()
  })

  it('sees routes patched in after a match (lazy route discovery adds children in place)', async () => {
    const router = createRouter({
      routes: [{ id: 'root', path: '/', children: [{ id: 'home', index: true }] }],
      history: createMemoryHistory(),
      patchRoutesOnNavigation: ({ path, patch }) => {
        if (path === '/reports') patch('root', [{ id: 'reports', path: 'reports' }])
      },
    }).initialize()
    expect(router.state.matches.map((m) => m.route.id)).toEqual(['root', 'home'])
    await router.navigate('/reports')
    expect(router.state.errors).toBeNull()
    expect(router.state.matches.map((m) => m.route.id)).toEqual(['root', 'reports'])
    router.dispose()
  })
})
