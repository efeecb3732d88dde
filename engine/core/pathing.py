"""Shortest paths over any graph given as a neighbour function: cost maps, paths and A*.

Nodes are any totally ordered hashable values (grid squares, hexes, or tuples such as
``(square, facing)`` when costs depend on more than the position). ``neighbours(node)`` yields
``(next_node, step_cost)`` pairs with non-negative costs; unreachable moves are simply not
yielded.

Tie-breaking is explicit, never hash order: the frontier pops the lowest (cost, node) pair, so
among equally cheap nodes waiting together the smallest is settled first (zero-cost steps can add
a smaller one later), and a node's recorded predecessor changes only for a strictly cheaper cost:
among equally cheap ways the first found, in settling and neighbour order, wins.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable
from typing import Any, Generic, TypeVar

N = TypeVar("N")
Neighbours = Callable[[N], Iterable[tuple[N, float]]]


class CostMap(Generic[N]):
    """The settled result of a search: the cheapest cost to each reached node and how."""

    __slots__ = ("costs", "parents", "sources")

    def __init__(self, costs: dict[N, float], parents: dict[N, N | None], sources: list[N]) -> None:
        self.costs = costs
        self.parents = parents
        self.sources = sources

    def __contains__(self, node: object) -> bool:
        return node in self.costs

    def __len__(self) -> int:
        return len(self.costs)

    def cost(self, node: N) -> float | None:
        """Returns the cheapest cost to node, or None if it was not reached."""
        return self.costs.get(node)

    def nodes(self) -> list[N]:
        """Returns the reached nodes in settling order (ascending cost; see the module notes)."""
        return list(self.costs)

    def path(self, goal: N) -> list[N] | None:
        """Returns the nodes from a source to goal (both included), or None if not reached."""
        if goal not in self.parents:
            return None
        out = [goal]
        parent = self.parents[goal]
        while parent is not None:
            out.append(parent)
            parent = self.parents[parent]
        out.reverse()
        return out


def cost_map(
    start: N,
    neighbours: Neighbours[N],
    budget: float | None = None,
    *,
    stop_at: Callable[[N], bool] | None = None,
) -> CostMap[N]:
    """Returns every node reachable from start with total cost within budget (Dijkstra)."""
    return cost_map_multi([(start, 0)], neighbours, budget, stop_at=stop_at)


def cost_map_multi(
    sources: Iterable[tuple[N, float]],
    neighbours: Neighbours[N],
    budget: float | None = None,
    *,
    stop_at: Callable[[N], bool] | None = None,
) -> CostMap[N]:
    """Returns a cost map grown from several (node, starting cost) sources at once.

    ``stop_at`` ends the search as soon as a node satisfying it is settled (nearest-goal queries);
    nodes not yet settled then are left out.
    """
    best: dict[N, float] = {}
    parents: dict[N, N | None] = {}
    frontier: list[tuple[float, Any]] = []
    source_list: list[N] = []
    for node, start_cost in sources:
        source_list.append(node)
        if budget is not None and start_cost > budget:
            continue
        if node not in best or start_cost < best[node]:
            best[node] = start_cost
            parents[node] = None
            heapq.heappush(frontier, (start_cost, node))
    settled: dict[N, float] = {}
    while frontier:
        cost, node = heapq.heappop(frontier)
        if node in settled or cost > best[node]:
            continue
        settled[node] = cost
        if stop_at is not None and stop_at(node):
            break
        for nxt, step_cost in neighbours(node):
            if step_cost < 0:
                raise ValueError(f"negative step cost {step_cost} from {node!r} to {nxt!r}")
            new_cost = cost + step_cost
            if budget is not None and new_cost > budget:
                continue
            if nxt in settled:
                continue
            old = best.get(nxt)
            if old is None or new_cost < old:
                best[nxt] = new_cost
                parents[nxt] = node
                heapq.heappush(frontier, (new_cost, nxt))
    kept_parents = {node: parents[node] for node in settled}
    return CostMap(settled, kept_parents, source_list)


def shortest_path(
    start: N,
    goal: N,
    neighbours: Neighbours[N],
    heuristic: Callable[[N], float] | None = None,
    budget: float | None = None,
) -> tuple[float, list[N]] | None:
    """Returns (cost, path from start to goal) of a cheapest path, or None if there is none.

    With a heuristic this is A*; the heuristic must never overestimate the remaining cost (e.g.
    hex distance for unit step costs), or the result may not be cheapest.
    """
    h = heuristic or (lambda _node: 0)
    best: dict[N, float] = {start: 0}
    parents: dict[N, N | None] = {start: None}
    closed: set[N] = set()
    frontier: list[tuple[float, float, N]] = [(h(start), 0, start)]
    while frontier:
        _, cost, node = heapq.heappop(frontier)
        if node in closed or cost > best[node]:
            continue
        if node == goal:
            path = [node]
            parent = parents[node]
            while parent is not None:
                path.append(parent)
                parent = parents[parent]
            path.reverse()
            return cost, path
        closed.add(node)
        for nxt, step_cost in neighbours(node):
            if step_cost < 0:
                raise ValueError(f"negative step cost {step_cost} from {node!r} to {nxt!r}")
            new_cost = cost + step_cost
            if budget is not None and new_cost > budget:
                continue
            if nxt in closed:
                continue
            old = best.get(nxt)
            if old is None or new_cost < old:
                best[nxt] = new_cost
                parents[nxt] = node
                # Ties on f go to the lower g, then to the smaller node: (f, g, node) sorts so.
                heapq.heappush(frontier, (new_cost + h(nxt), new_cost, nxt))
    return None


def nearest(
    start: N,
    neighbours: Neighbours[N],
    is_goal: Callable[[N], bool],
    budget: float | None = None,
) -> tuple[float, list[N]] | None:
    """Returns (cost, path) to the cheapest node satisfying is_goal (first settled on ties).

    Seed 004, "MKD: Solitär": monster markers always move towards the nearest hero.
    """
    found = cost_map(start, neighbours, budget, stop_at=is_goal)
    for node in found.nodes():
        if is_goal(node):
            path = found.path(node)
            assert path is not None
            return found.costs[node], path
    return None
