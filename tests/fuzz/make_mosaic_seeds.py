"""Writes the seeds of the tile_metadata and mosaic_scan fuzz targets (tests/fuzz/corpus/): a
tile's GDAL metadata as the writer makes it (run digest computed as tile_metadata.cpp does) and
its broken forms, and folders of tiles described as mosaic_scan_fuzz.cpp reads them. Run from
anywhere: python3 tests/fuzz/make_mosaic_seeds.py"""
import os
os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
P=1099511628211; O=14695981039346656037; M=(1<<64)-1
def fnv(b):
    h=O
    for c in b: h=((h^c)*P)&M
    return h
GRID="lat=20:41 lon=90:118 size=40x30 ref=30,101 formula=haversine units=km precision=float32 projection=latlon radius=6371.0088000000003"
GRID2=GRID.replace("ref=30,101","ref=1,2")
def run(g, t="float32"): return "%016x"%fnv(("geofield-run-1 "+g+" stored="+t).encode())
def xml(tile, nodes, grid=GRID, r=None, v="00112233445566ff", extra=""):
    items=[("GEOFIELD_TILE",tile),("GEOFIELD_TILE_NODES",nodes),("GEOFIELD_GRID_NODES","40x30"),
           ("GEOFIELD_GRID",grid),("GEOFIELD_GRID_ORIGIN","90,41,0.71794871794871795,0.72413793103448276"),
           ("GEOFIELD_SRS","EPSG:4326")]
    if r is not False: items.append(("GEOFIELD_RUN", r or run(grid)))
    if v: items.append(("GEOFIELD_VALUES_DIGEST", v))
    s="<GDALMetadata>\n"+"".join('  <Item name="%s">%s</Item>\n'%i for i in items)+extra+"</GDALMetadata>"
    return s
tm="tests/fuzz/corpus/tile_metadata"
def w(d,n,s):
    open(os.path.join(d,n),"w").write(s)
w(tm,"tile_latlon",xml("1/2x1","0,20,20,30"))
w(tm,"tile_projected",xml("0/1x1","0,0,40,30").replace('<Item name="GEOFIELD_SRS">EPSG:4326</Item>','<Item name="GEOFIELD_SRS">+proj=aeqd +lat_0=60 +lon_0=10 +x_0=0 +y_0=0 +R=6371008.7999999998 +units=m +no_defs</Item>\n  <Item name="GEOFIELD_NODATA">nan</Item>'))
w(tm,"tile_old_no_digests",xml("0/2x1","0,0,20,30",r=False,v=None))
w(tm,"tile_bad_digest",xml("0/2x1","0,0,20,30",v="XYZ"))
w(tm,"tile_out_of_range",xml("9/2x2","0,0,20,30"))
w(tm,"tile_too_many_a_side",xml("0/41x1","0,0,20,30"))
w(tm,"tile_overflowing_split",xml("0/2147483647x2147483647","0,0,20,30"))
w(tm,"tile_entities_and_domains",xml("1/2x1","0,20,20,30",grid=GRID+" &amp;&lt;x&gt;&quot;",extra='  <Item name="X" domain="IMAGE_STRUCTURE">1</Item>\n  <Item name="GEOFIELD_TILE" role="x">0/1x1</Item>\n'))
w(tm,"not_a_tile","<GDALMetadata>\n  <Item name=\"AREA_OR_POINT\">Point</Item>\n</GDALMetadata>")
w(tm,"unclosed","<GDALMetadata>\n  <Item name=\"GEOFIELD_TILE\">0/1x1")
ms="tests/fuzz/corpus/mosaic_scan"
def rec(t,name,nx,ny,b,x): return "%s %s %d %d %d\n%s"%(t,name,nx,ny,b,x)
t0=rec("f","t0.tif",20,30,4,xml("0/2x1","0,0,20,30"))
t1=rec("f","t1.tif",20,30,4,xml("1/2x1","0,20,20,30"))
sep="\n%%\n"
w(ms,"whole_2x1",sep.join([t0,t1,rec("d","sub",0,0,4,""),rec("l","gone.tif",0,0,4,""),rec("f","mosaic.vrt",0,0,4,"<VRTDataset/>"),rec("f",".t1.tif.tmp",20,30,4,"")]))
w(ms,"two_runs",sep.join([t0,rec("f","t1.tif",20,30,4,xml("1/2x1","0,20,20,30",grid=GRID2))]))
w(ms,"run_altered",sep.join([t0,rec("f","t1.tif",20,30,4,xml("1/2x1","0,20,20,30",r=run(GRID2)))]))
w(ms,"missing_one",t0)
w(ms,"twice",sep.join([t0,t1,rec("f","t1b.tif",20,30,4,xml("1/2x1","0,20,20,30"))]))
w(ms,"two_types",sep.join([t0,rec("f","t1.tif",20,30,8,xml("1/2x1","0,20,20,30",r=run(GRID,"float64")))]))
w(ms,"wrong_size",sep.join([t0,rec("f","t1.tif",19,30,4,xml("1/2x1","0,20,20,30"))]))
w(ms,"old_tiles",sep.join([rec("f","t0.tif",20,30,4,xml("0/2x1","0,0,20,30",r=False,v=None)),rec("f","t1.tif",20,30,4,xml("1/2x1","0,20,20,30",r=False,v=None))]))
w(ms,"empty_folder","o fifo 0 0 4\n")
